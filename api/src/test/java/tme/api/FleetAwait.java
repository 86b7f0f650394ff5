package tme.api;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import tme.scraper.testing.FakeTme;

/**
 * Waits for a condition with a deadline: no fixed sleeps, and a stuck test fails saying what it waited for. The
 * deadline is generous (a minute) because it costs nothing when the condition comes true, and a machine kept busy by
 * other work may take many times longer than a quiet one to start a process or run a refresh.
 */
final class FleetAwait {

    static final Duration DEADLINE = Duration.ofSeconds(60);
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
