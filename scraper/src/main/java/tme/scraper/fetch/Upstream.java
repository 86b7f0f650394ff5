package tme.scraper.fetch;

import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

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

        /**
         * The body as text; decodes the bytes on every call, so call it once and off the event loop. A page to
         * parse is better read from its bytes ({@code tme.scraper.parse.Html#utf8}): no whole-page String.
         */
        public String body() {
            return utf8.toString(StandardCharsets.UTF_8);
        }
    }

    /** The channel (or page) does not exist or is not public: a redirect to {@code /name}, or a 404. */
    record NotFound(String reason) implements Upstream {}

    /**
     * t.me itself said 429. {@code retryAfter} is its hint (a {@code Retry-After} header, else the JSON body's
     * {@code parameters.retry_after}), capped at an hour; empty when it gave none, so the caller picks its own
     * backoff.
     */
    record Throttled(Optional<Duration> retryAfter) implements Upstream {

        public Throttled {
            Objects.requireNonNull(retryAfter, "retryAfter");
        }
    }

    /**
     * Something between us and t.me answered instead of it: a 403, 429 or 5xx with an HTML error page that is
     * not t.me's (a proxy's or CDN's: nginx's "502 Bad Gateway", Cloudflare's error, "Access denied" or
     * "Attention Required" pages). Not t.me's word on the channel, nor its throttling: t.me could not be
     * reached. {@code retryAfter} is the intermediary's hint, if any; {@code reason} names the page and who
     * sent it (for example {@code "502 Bad Gateway (from nginx)"}).
     */
    record Intercepted(int status, Optional<Duration> retryAfter, String reason) implements Upstream {

        public Intercepted {
            Objects.requireNonNull(retryAfter, "retryAfter");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Any other failure (t.me's own 5xx among them): an unexpected status ({@code status > 0}) or a transport error ({@code status == 0}). */
    record Failed(int status, String reason) implements Upstream {}

    /** No answer within the configured timeout. */
    record TimedOut(Duration after) implements Upstream {}
}
