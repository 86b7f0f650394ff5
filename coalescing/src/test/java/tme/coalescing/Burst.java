package tme.coalescing;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/** Fires many calls at once from several threads, released together by a latch, as concurrent clients would. */
public final class Burst {

    private static final int THREADS = 8;

    private Burst() {}

    public static <T> List<Future<T>> fire(int calls, Supplier<Future<T>> call) {
        CountDownLatch start = new CountDownLatch(1);
        List<java.util.concurrent.Future<Future<T>>> submitted = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(THREADS)) {
            for (int i = 0; i < calls; i++) {
                submitted.add(threads.submit(() -> {
                    start.await();
                    return call.get();
                }));
            }
            start.countDown();
            List<Future<T>> futures = new ArrayList<>();
            for (var future : submitted) {
                futures.add(future.get());
            }
            return futures;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        }
    }
}
