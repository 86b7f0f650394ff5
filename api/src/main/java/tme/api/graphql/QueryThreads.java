package tme.api.graphql;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads every query's work runs on ({@code GRAPHQL_CONCURRENCY}), never an event loop: parsing, validation,
 * every field and the encoding of the answer. A query waiting for a load holds none of them: its fetchers answer
 * futures, and what follows a load is handed back here ({@link #resume}) from whichever thread completed it.
 *
 * <p>Admission is bounded as at the upstream gate: at most {@code queueLimit} queries wait for their first turn;
 * past it {@link #admit} says no at once (a fast 503), rather than answering late. The work of a query already
 * admitted is never refused: its queue is unbounded, its size bounded by the queries admitted.
 */
final class QueryThreads implements AutoCloseable {

    private final ThreadPoolExecutor pool;
    private final int queueLimit;
    // Queries admitted whose first task has not started yet.
    private final AtomicInteger queued = new AtomicInteger();
    // Queries started and not yet finished (executing, or waiting for a load on no thread).
    private final AtomicInteger running = new AtomicInteger();

    QueryThreads(int threads, int queueLimit) {
        AtomicInteger names = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                work -> new QueryThread(work, "tme-graphql-" + names.incrementAndGet()));
        pool.allowCoreThreadTimeOut(true); // an idle server keeps no query thread
        this.queueLimit = queueLimit;
    }

    /**
     * Runs {@code query} on a query thread when one is free, unless {@code queueLimit} queries wait already: then
     * false, and nothing runs. {@code query} must call {@link #finished} once its work is done.
     */
    boolean admit(Runnable query) {
        if (queued.incrementAndGet() > queueLimit) {
            queued.decrementAndGet();
            return false;
        }
        pool.execute(() -> {
            queued.decrementAndGet();
            running.incrementAndGet();
            query.run();
        });
        return true;
    }

    /** One admitted query's work is over (answered, failed or given up). */
    void finished() {
        running.decrementAndGet();
    }

    /**
     * {@code stage}, completing on a query thread: at once when it completes on one, else handed to the pool. Every
     * fetcher's future passes here, so the fields below it run on these threads, not on the loop that finished the
     * load.
     */
    <T> CompletableFuture<T> resume(CompletionStage<T> stage) {
        CompletableFuture<T> resumed = new CompletableFuture<>();
        stage.whenComplete((value, failure) -> {
            if (onQueryThread()) {
                complete(resumed, value, failure);
            } else {
                pool.execute(() -> complete(resumed, value, failure));
            }
        });
        return resumed;
    }

    /** Whether the current thread is one of these. */
    static boolean onQueryThread() {
        return Thread.currentThread() instanceof QueryThread;
    }

    int queued() {
        return queued.get();
    }

    int running() {
        return running.get();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    private static <T> void complete(CompletableFuture<T> future, T value, Throwable failure) {
        if (failure != null) {
            future.completeExceptionally(failure);
        } else {
            future.complete(value);
        }
    }

    /** A query thread, told apart from every other by its type. */
    private static final class QueryThread extends Thread {
        QueryThread(Runnable work, String name) {
            super(work, name);
            setDaemon(true);
        }
    }
}
