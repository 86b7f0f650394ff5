package tme.cache.testing;

import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Blocks a test thread on a Vert.x future, with a deadline so a bug fails the test instead of hanging it. */
public final class Await {

    // Generous: it costs nothing when the future completes, and a busy machine may take many times a quiet one's.
    private static final long DEADLINE_SECONDS = 60;

    private Await() {}

    /**
     * Returns once {@code condition} holds, checked every few milliseconds, or fails after the deadline: for what
     * happens on another connection's loop (a message from Redis) with no future to wait on.
     */
    public static void until(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + DEADLINE_SECONDS + "s: " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    public static <T> T result(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("future failed", e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("future not completed within " + DEADLINE_SECONDS + "s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
