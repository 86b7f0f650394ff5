package tme.coalescing;

import java.time.Duration;
import java.util.Objects;
import tme.cache.Stored;

/** The answer to {@link CoalescingCache#get}: a stored value, a domain failure, or a refusal to wait. */
public sealed interface Result {

    /**
     * A stored value: fresh (possibly past its refresh point: a refresh then runs in the background), or stale
     * when {@code source} is {@link Source#STALE} (the value's {@code timeLeft} is then zero or negative).
     *
     * @param timings the steps of the load that produced it, for its callers ({@link Source#LOAD}); else
     *                {@link Timings#NONE}
     */
    record Found(Stored value, Source source, Timings timings) implements Result {

        /** A value no load of this caller's produced: a hit, a stale value, another process's value. */
        public Found(Stored value, Source source) {
            this(value, source, Timings.NONE);
        }

        /** Whether the value is answered past its freshness (the api writes {@code X-Cache: STALE}, max-age=0). */
        public boolean stale() {
            return source == Source.STALE;
        }
    }

    /**
     * A domain failure, from this process's load ({@link Source#LOAD}, remembered for {@code errorTtl} too) or
     * shared by another process's lease ({@link Source#OTHER_PROCESS}: then a {@link LoadError.Received}), with
     * nothing usable cached.
     *
     * @param timings the steps of the load that failed, for its callers; {@link Timings#NONE} when remembered or
     *                shared
     */
    record Failed(LoadError error, Source source, Timings timings) implements Result {

        public Failed(LoadError error, Source source) {
            this(error, source, Timings.NONE);
        }
    }

    /**
     * Too many callers already wait for loads in this process and nothing usable is cached: answered at once,
     * no load started. The api answers 503 with {@code Retry-After}.
     *
     * @param retryAfter when trying again makes sense, positive
     */
    record Shed(Duration retryAfter) implements Result {
        public Shed {
            Objects.requireNonNull(retryAfter, "retryAfter");
        }
    }
}
