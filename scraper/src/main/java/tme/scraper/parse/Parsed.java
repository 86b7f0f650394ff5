package tme.scraper.parse;

import java.util.Objects;

/**
 * What a parser made of a page. A page that is clearly "no such public channel" is {@link NotFound};
 * a page that is not what t.me serves (markup change, captcha, empty or cut-off answer) is an {@link Anomaly}
 * of one {@link tme.scraper.parse.Anomaly kind}: it is logged and counted by the caller and never cached as truth.
 */
public sealed interface Parsed<T> {

    /**
     * The parsed value; {@code oddPosts} counts posts that could only be parsed in part (or not at all), and
     * {@code postsWithoutId} the messages among them skipped for want of a readable id ({@code data-post}), which
     * t.me always sends: counted apart so a markup change shows up as a metric.
     */
    record Ok<T>(T value, int oddPosts, int postsWithoutId) implements Parsed<T> {

        /** A value whose page has no message without an id (a preview card, an empty list). */
        public Ok(T value, int oddPosts) {
            this(value, oddPosts, 0);
        }
    }

    record NotFound<T>(String reason) implements Parsed<T> {}

    /** Not a page we can trust: {@code kind} is for counting, {@code detail} for the log. */
    record Anomaly<T>(tme.scraper.parse.Anomaly kind, String detail) implements Parsed<T> {

        public Anomaly {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
        }

        /** Kind and detail as one readable line, e.g. {@code "truncated: the page does not end with </html>"}. */
        public String reason() {
            return kind.metricName() + ": " + detail;
        }
    }
}
