package tme.scraper.fetch;

import java.time.Duration;

/**
 * What one request to t.me came back with. Expected outcomes are values, not exceptions:
 * callers switch over these cases, and the api maps each one to an HTTP status in one place.
 */
public sealed interface Upstream {

    /** t.me answered 200 with this body (HTML, or for "more" the decoded HTML fragment). */
    record Ok(String body) implements Upstream {}

    /** The channel (or page) does not exist or is not public: a redirect to {@code /name}, or a 404. */
    record NotFound(String reason) implements Upstream {}

    /** t.me said 429; {@code retryAfter} is its Retry-After (or a default when it gave none). */
    record Throttled(Duration retryAfter) implements Upstream {}

    /** Any other failure: an unexpected status ({@code status > 0}) or a transport error ({@code status == 0}). */
    record Failed(int status, String reason) implements Upstream {}

    /** No answer within the configured timeout. */
    record TimedOut(Duration after) implements Upstream {}
}
