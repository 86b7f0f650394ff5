package tme.coalescing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import tme.cache.Futures;

/**
 * At most one load per key in flight in this process; every caller that asks while it runs shares its result.
 *
 * <p>The in-flight future is removed the moment the load completes, before anybody is told, so a caller reacting
 * to the result by asking again starts a new load instead of getting the finished one. A caller that goes away
 * (a client that disconnects) cancels nothing: Vert.x futures cannot be cancelled, and the load still fills the
 * cache for the next caller.
 *
 * @param <T> what a load produces
 */
public final class SingleFlight<T> {

    // Guards nothing but itself: one entry per key while its load runs.
    private final ConcurrentMap<String, Future<T>> inFlight = new ConcurrentHashMap<>();
    private final LongAdder joined = new LongAdder();

    /** Runs {@code load} unless a load for {@code key} is already running, and answers that load's result. */
    public Future<T> run(String key, Supplier<Future<T>> load) {
        Promise<T> promise = Promise.promise();
        Future<T> running = inFlight.putIfAbsent(key, promise.future());
        if (running != null) {
            joined.increment();
            return running;
        }
        // A loader that throws instead of answering a failed future must not leave the key stuck in flight.
        Futures.guarded(load).onComplete(result -> {
            inFlight.remove(key, promise.future());
            promise.handle(result);
        });
        return promise.future();
    }

    /** How many callers shared a load another caller had started. */
    public long joined() {
        return joined.sum();
    }

    /** Keys with a load running now (for tests and metrics). */
    public int inFlight() {
        return inFlight.size();
    }
}
