package tme.cache.testing;

import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Blocks a test thread on a Vert.x future, with a deadline so a bug fails the test instead of hanging it. */
public final class Await {

    // Generous: it costs nothing when the future completes, and a busy machine may take many times a quiet one's.
    private static final long DEADLINE_SECONDS = 60;

    private Await() {}

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
