package tme.api.http;

import io.netty.util.concurrent.FastThreadLocal;
import java.time.Instant;
import java.time.InstantSource;

/**
 * The clock every part of the server reads ({@code Main} wraps the given one in it), read once for a request
 * answered ahead of the router: while {@link HitsAhead} answers a request, a thread's readings are the instant it
 * {@link #pin pinned}, as nginx reads the time once per turn of its loop. A hit asked the clock three times (its
 * freshness, Caffeine's expiry, its {@code Age}), each a {@code clock_gettime} of some 35 ns on a VM and a new
 * {@link Instant}; now once. The pin lasts only as long as the request's own synchronous work ({@link #unpin} in a
 * {@code finally}): whatever completes later (a load, a timer) reads the clock itself.
 */
public final class RequestClock implements InstantSource {

    private final InstantSource clock;
    // Per thread: the instant pinned by the request it is answering, or null. A FastThreadLocal is an array read on
    // an event loop; other threads never pin and read through the JDK's ThreadLocal.
    private final FastThreadLocal<Instant[]> pinned = new FastThreadLocal<>() {
        @Override
        protected Instant[] initialValue() {
            return new Instant[1];
        }
    };

    private RequestClock(InstantSource clock) {
        this.clock = clock;
    }

    /** {@code clock}, read once per request answered ahead of the router. */
    public static RequestClock over(InstantSource clock) {
        return new RequestClock(clock);
    }

    @Override
    public Instant instant() {
        Instant now = pinned.get()[0];
        return now != null ? now : clock.instant();
    }

    /** Reads the clock and answers that instant on this thread until {@link #unpin}. */
    void pin() {
        pinned.get()[0] = clock.instant();
    }

    /** This thread reads the clock itself again. */
    void unpin() {
        pinned.get()[0] = null;
    }
}
