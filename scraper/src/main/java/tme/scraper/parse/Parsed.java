package tme.scraper.parse;

import java.util.Objects;

/**
 * What a parser made of a page. A page that is clearly "no such public channel" is {@link NotFound};
 * a page that is not what t.me serves (markup change, captcha, empty or cut-off answer) is an {@link Anomaly}
 * of one {@link tme.scraper.parse.Anomaly kind}: it is logged and counted by the caller and never cached as truth.
 */
public sealed interface Parsed<T> {

    /** The parsed value; {@code oddPosts} counts posts that could only be parsed in part. */
    record Ok<T>(T value, int oddPosts) implements Parsed<T> {}

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
