package tme.api;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import tme.scraper.testing.FakeTme;

/** Waits for a condition with a deadline: no fixed sleeps, and a stuck test fails saying what it waited for. */
final class FleetAwait {

    static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final long LOOK_EVERY_NANOS = Duration.ofMillis(2).toNanos();

    private FleetAwait() {}

    static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + DEADLINE + ": " + what + "; state: " + state.get());
            }
            LockSupport.parkNanos(LOOK_EVERY_NANOS);
        }
    }

    /** Until the fake t.me holds {@code count} requests at its gate. */
    static void held(FakeTme tme, int count) {
        try {
            if (!tme.awaitHeld(count, DEADLINE)) {
                throw new AssertionError("fake t.me holds " + tme.held() + " requests, not " + count);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
