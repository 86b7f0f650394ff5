package tme.scraper.parse;

/**
 * What a parser made of a page. A page that is clearly "no such public channel" is {@link NotFound};
 * a page that is neither a channel nor a known not-found page is an {@link Anomaly} (markup change,
 * captcha, empty 200): it is logged and counted by the caller and never cached as truth.
 */
public sealed interface Parsed<T> {

    /** The parsed value; {@code oddPosts} counts posts that could only be parsed in part. */
    record Ok<T>(T value, int oddPosts) implements Parsed<T> {}

    record NotFound<T>(String reason) implements Parsed<T> {}

    record Anomaly<T>(String reason) implements Parsed<T> {}
}
