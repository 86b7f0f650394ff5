package tme.api.graphql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The query threads: what follows a load completed on an event loop runs on a query thread, never on the loop; at
 * most {@code queueLimit} queries wait for a thread, the next is refused at once; admitted work is never refused.
 */
class QueryThreadsTest {

    final Vertx vertx = Vertx.vertx();
    final QueryThreads threads = new QueryThreads(1, 2);

    @AfterEach
    void stop() {
        threads.close();
        vertx.close().await();
    }

    @Test
    void aLoadCompletedOnAnEventLoop_resumesOnAQueryThread() throws Exception {
        Promise<String> load = Promise.promise();
        CompletableFuture<String> where = threads.resume(load.future().toCompletionStage())
                .thenApply(value -> value + " on " + Thread.currentThread().getName()
                        + (Context.isOnEventLoopThread() ? " (a loop)" : ""));
        CompletableFuture<String> completedBy = new CompletableFuture<>();
        vertx.runOnContext(ignored -> {
            completedBy.complete(Thread.currentThread().getName());
            load.complete("page");
        });

        assertTrue(completedBy.get(60, TimeUnit.SECONDS).startsWith("vert.x-eventloop-thread-"));
        assertEquals("page on tme-graphql-1", where.get(60, TimeUnit.SECONDS));
    }

    @Test
    void aStageCompletedOnAQueryThread_goesOnThere_withoutAnotherTask() throws Exception {
        CompletableFuture<String> where = new CompletableFuture<>();
        assertTrue(threads.admit(() -> threads.resume(CompletableFuture.completedFuture("hit"))
                .thenRun(() -> where.complete(Thread.currentThread().getName()))
                .whenComplete((done, failure) -> threads.finished())));
        assertEquals("tme-graphql-1", where.get(60, TimeUnit.SECONDS));
    }

    @Test
    void pastTheQueueLimit_aQueryIsRefusedAtOnce_andRunsNothing() throws Exception {
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        assertTrue(threads.admit(() -> {
            started.countDown();
            await(busy);
            threads.finished();
        }));
        assertTrue(started.await(60, TimeUnit.SECONDS));
        CountDownLatch ran = new CountDownLatch(2);
        assertTrue(threads.admit(() -> { ran.countDown(); threads.finished(); }));
        assertTrue(threads.admit(() -> { ran.countDown(); threads.finished(); }));
        assertEquals(2, threads.queued());
        assertEquals(1, threads.running());

        assertFalse(threads.admit(() -> { throw new AssertionError("a refused query ran"); }));

        busy.countDown();
        assertTrue(ran.await(60, TimeUnit.SECONDS));
        assertEquals(0, threads.queued());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
