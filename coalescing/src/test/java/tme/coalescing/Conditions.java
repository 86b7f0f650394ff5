package tme.coalescing;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition with a deadline: a bug fails the test with a message instead of hanging it. */
public final class Conditions {

    // Generous: it costs nothing when the condition comes true, and a busy machine may take many times a quiet one's.
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final long LOOK_EVERY_NANOS = Duration.ofMillis(2).toNanos();

    private Conditions() {}

    public static void await(String what, BooleanSupplier condition) {
        await(what, condition, () -> "");
    }

    public static void await(String what, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + DEADLINE + ": " + what + " " + state.get());
            }
            LockSupport.parkNanos(LOOK_EVERY_NANOS);
        }
    }
}
