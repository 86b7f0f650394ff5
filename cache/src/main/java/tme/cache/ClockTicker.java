package tme.cache;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** Caffeine's nanosecond ticker read from the injected clock, counted from the moment the cache was built. */
final class ClockTicker implements Ticker {

    private final InstantSource clock;
    private final Instant origin;

    ClockTicker(InstantSource clock) {
        this.clock = clock;
        this.origin = clock.instant();
    }

    @Override
    public long read() {
        return nanosAt(clock.instant());
    }

    /** The ticker reading at {@code instant}, saturated so far-away instants cannot overflow. */
    long nanosAt(Instant instant) {
        Duration sinceOrigin = Duration.between(origin, instant);
        try {
            return sinceOrigin.toNanos();
        } catch (ArithmeticException overflow) {
            return sinceOrigin.isNegative() ? Long.MIN_VALUE / 2 : Long.MAX_VALUE / 2;
        }
    }
}
