package tme.api.outbound;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Looks host names up off the event loops, on threads of its own: at most {@code threads} lookups at once and
 * {@code queue} waiting (past it a lookup fails at once), each answered within {@code deadline} or failed. The JDK's
 * lookup blocks and cannot be cut short: a lookup past its deadline keeps its thread until the system gives up, so
 * a resolver that hangs fills this pool and its queue, and the lookups after fail fast, rather than growing an
 * unbounded pool (Vert.x's default workers) shared with everything else.
 */
public final class Resolver implements AutoCloseable {

    /** The lookup itself: the JDK's (hosts file, then DNS), or a table in tests. */
    @FunctionalInterface
    public interface Lookup {
        InetAddress[] all(String host) throws UnknownHostException;
    }

    private final Vertx vertx;
    private final Lookup lookup;
    private final Duration deadline;
    private final ThreadPoolExecutor pool;

    public Resolver(Vertx vertx, Lookup lookup, int threads, int queue, Duration deadline) {
        this.vertx = vertx;
        this.lookup = lookup;
        this.deadline = deadline;
        AtomicInteger names = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue),
                work -> {
                    Thread thread = new Thread(work, "tme-lookup-" + names.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true); // an idle server keeps no lookup thread
    }

    /** The JDK's lookup on {@code threads} threads. */
    public static Resolver system(Vertx vertx, int threads, int queue, Duration deadline) {
        return new Resolver(vertx, InetAddress::getAllByName, threads, queue, deadline);
    }

    /**
     * Every address of {@code host}, completed on the caller's context. Fails with {@link UnknownHostException} when
     * the name has none, or with {@link LookupFailed} when the pool is full or the deadline passed.
     */
    public Future<List<InetAddress>> all(String host) {
        Context context = vertx.getOrCreateContext();
        Promise<List<InetAddress>> answered = Promise.promise();
        long timer = vertx.setTimer(deadline.toMillis(), fired -> answered.tryFail(
                new LookupFailed("the lookup of " + host + " took longer than " + deadline)));
        try {
            pool.execute(() -> {
                List<InetAddress> addresses = null;
                Throwable failure = null;
                try {
                    addresses = List.of(lookup.all(host));
                } catch (UnknownHostException | RuntimeException e) {
                    failure = e;
                }
                List<InetAddress> found = addresses;
                Throwable failed = failure;
                context.runOnContext(v -> {
                    vertx.cancelTimer(timer);
                    if (failed == null) {
                        answered.tryComplete(found);
                    } else {
                        answered.tryFail(failed);
                    }
                });
            });
        } catch (RejectedExecutionException full) {
            vertx.cancelTimer(timer);
            answered.tryFail(new LookupFailed("too many lookups waiting: " + host + " was not looked up"));
        }
        return answered.future();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /** No answer in time, or no room to ask: the name may well resolve, but not now. */
    public static final class LookupFailed extends RuntimeException {
        LookupFailed(String message) {
            super(message, null, false, false);
        }
    }
}
