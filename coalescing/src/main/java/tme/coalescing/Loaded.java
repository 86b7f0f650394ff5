package tme.coalescing;

import java.time.Duration;
import java.util.Objects;
import tme.cache.Encoded;
import tme.cache.Stored;

/** What a {@link Loader} produced: a value to store, or a domain failure (never cached as an answer). */
public sealed interface Loaded {

    /** A value to store; compresses {@code json} on the calling thread (call it off the event loop for large values). */
    static Loaded value(byte[] json, int kind, Duration freshFor) {
        return new Value(Encoded.of(json), kind, freshFor);
    }

    /** A value already encoded by the caller. */
    static Loaded value(Encoded body, int kind, Duration freshFor) {
        return new Value(body, kind, freshFor);
    }

    /** A failure every waiting process should see too, for a short while, instead of loading again. */
    static Loaded sharedFailure(LoadError error) {
        return new Failure(error, true);
    }

    /** A failure only this process's callers see (e.g. throttling that another process may not meet). */
    static Loaded localFailure(LoadError error) {
        return new Failure(error, false);
    }

    /** The same outcome with how long the load's steps took, for the callers that waited for it. */
    Loaded withTimings(Timings timings);

    /**
     * A value to store in both cache levels.
     *
     * @param body     the bytes to store (UTF-8 JSON, zstd-compressed when that was smaller)
     * @param kind     the caller's small number saying what the value is (0..255), e.g. answer vs "not found"
     * @param freshFor how long the value is fresh (long lifetimes are trimmed a little, see {@link Freshness})
     * @param timings  how long the load's steps took (not stored: only this load's callers see it)
     */
    record Value(Encoded body, int kind, Duration freshFor, Timings timings) implements Loaded {
        public Value(Encoded body, int kind, Duration freshFor) {
            this(body, kind, freshFor, Timings.NONE);
        }

        public Value {
            Objects.requireNonNull(body, "body");
            Objects.requireNonNull(timings, "timings");
            if (kind < 0 || kind > Stored.MAX_KIND) {
                throw new IllegalArgumentException("kind must be within 0.." + Stored.MAX_KIND + ": " + kind);
            }
            if (!freshFor.isPositive()) {
                throw new IllegalArgumentException("freshFor must be positive: " + freshFor);
            }
        }

        @Override
        public Value withTimings(Timings timings) {
            return new Value(body, kind, freshFor, timings);
        }
    }

    /**
     * A domain failure, passed to every caller of this load.
     *
     * @param error  the failure as the caller defines it; handed back as it is to this process's callers
     * @param shared  whether waiting processes get it through the lease, as its bytes (for
     *                {@link LeaseTimes#failureSharedFor()})
     * @param timings how long the load's steps took (never shared nor remembered: only this load's callers see it)
     */
    record Failure(LoadError error, boolean shared, Timings timings) implements Loaded {
        public Failure(LoadError error, boolean shared) {
            this(error, shared, Timings.NONE);
        }

        public Failure {
            Objects.requireNonNull(error, "error");
            Objects.requireNonNull(timings, "timings");
        }

        @Override
        public Failure withTimings(Timings timings) {
            return new Failure(error, shared, timings);
        }
    }
}
