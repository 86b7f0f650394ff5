package tme.scraper.fetch;

import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * What one request to t.me came back with. Expected outcomes are values, not exceptions:
 * callers switch over these cases, and the api maps each one to an HTTP status in one place.
 */
public sealed interface Upstream {

    /**
     * t.me answered 200 with this body (HTML, or for "more" the decoded HTML fragment), as UTF-8 bytes.
     * The bytes are kept undecoded because a page is 100-300 KB: {@link #body()} decodes it where the caller
     * calls it, which should be a worker thread, not the event loop that received the answer. Equal when the
     * bytes are equal. Nobody may change {@code utf8} after construction.
     */
    record Ok(Buffer utf8) implements Upstream {

        public Ok {
            Objects.requireNonNull(utf8, "utf8");
        }

        public Ok(String body) {
            this(Buffer.buffer(body, StandardCharsets.UTF_8.name()));
        }

        /** The body as text; decodes the bytes on every call, so call it once and off the event loop. */
        public String body() {
            return utf8.toString(StandardCharsets.UTF_8);
        }
    }

    /** The channel (or page) does not exist or is not public: a redirect to {@code /name}, or a 404. */
    record NotFound(String reason) implements Upstream {}

    /** t.me said 429; {@code retryAfter} is its Retry-After (or a default when it gave none). */
    record Throttled(Duration retryAfter) implements Upstream {}

    /** Any other failure: an unexpected status ({@code status > 0}) or a transport error ({@code status == 0}). */
    record Failed(int status, String reason) implements Upstream {}

    /** No answer within the configured timeout. */
    record TimedOut(Duration after) implements Upstream {}
}
