package tme.coalescing.gate;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What an upstream answer tells the gate about upstream's mood, as the domain side reads it (the api maps t.me's
 * answers to signals; the gate knows nothing of t.me). Most are read from the answer's status when it arrives;
 * {@link Kind#CAPTCHA}, {@link Kind#EMPTIED} and {@link Kind#CONFIRMED} only once its body is read, reported late
 * through {@link UpstreamGate#report(java.time.Instant, Signal)}: throttling often arrives as a 200.
 *
 * @param kind       what happened
 * @param retryAfter the wait upstream asked for (a Retry-After header or the like), when it said one
 */
public record Signal(Kind kind, Optional<Duration> retryAfter) {

    public enum Kind {
        /** An answer, good or "not found": upstream is willing. */
        OK,
        /** An error that says nothing about our rate (a 5xx of upstream's own, a timeout, a broken connection). */
        FAILED,
        /** Upstream asked us to slow down (429). */
        THROTTLED,
        /** Something in front of upstream (a proxy, a CDN) refused us with its own error page: pause as for a 429. */
        INTERCEPTED,
        /**
         * An answer that, read, is a refusal in disguise: a page asking for a human check (a captcha) instead of
         * the content. Pauses as for a 429 without a wait, with the disguise backoff ({@link Backoff#disguised}).
         */
        CAPTCHA,
        /** An answer that, read, is a refusal in disguise: the content emptied where there was some. As CAPTCHA. */
        EMPTIED,
        /** An answer that, read, is real content: ends a run of disguised refusals (the next one pauses short). */
        CONFIRMED
    }

    public Signal {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(retryAfter, "retryAfter");
    }

    public static Signal ok() {
        return new Signal(Kind.OK, Optional.empty());
    }

    public static Signal failed() {
        return new Signal(Kind.FAILED, Optional.empty());
    }

    public static Signal throttled(Optional<Duration> retryAfter) {
        return new Signal(Kind.THROTTLED, retryAfter);
    }

    public static Signal captcha() {
        return new Signal(Kind.CAPTCHA, Optional.empty());
    }

    public static Signal emptied() {
        return new Signal(Kind.EMPTIED, Optional.empty());
    }

    public static Signal confirmed() {
        return new Signal(Kind.CONFIRMED, Optional.empty());
    }

    public static Signal intercepted(Optional<Duration> retryAfter) {
        return new Signal(Kind.INTERCEPTED, retryAfter);
    }
}
