package tme.redis.testing;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that moves only when a test moves it; safe to read from any thread. */
public final class TestClock implements InstantSource {

    public static final Instant START = Instant.parse("2025-03-01T12:00:00Z");

    private final AtomicReference<Instant> now;

    public TestClock() {
        this(START);
    }

    public TestClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    public Instant advance(Duration by) {
        return now.updateAndGet(current -> current.plus(by));
    }

    public void set(Instant instant) {
        now.set(instant);
    }
}
