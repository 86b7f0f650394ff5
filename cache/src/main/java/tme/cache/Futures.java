package tme.cache;

import io.vertx.core.Future;
import java.util.function.Supplier;

/** Calls into code that should answer a future but may break that promise. */
public final class Futures {

    private Futures() {}

    /**
     * The future {@code call} answers, or a failed one when it threw or answered {@code null}: a caller that
     * registered state before the call (an in-flight entry) can then always clean it up in one callback.
     */
    public static <T> Future<T> guarded(Supplier<Future<T>> call) {
        try {
            Future<T> future = call.get();
            return future != null ? future : Future.failedFuture(new NullPointerException("answered null"));
        } catch (RuntimeException bug) {
            return Future.failedFuture(bug);
        }
    }
}
