package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tme.cache.Stored;

/**
 * Decoded copies: a value read often decoded once more and shared by every later read, one read less often decoded
 * per read and kept by nobody, and a weight that covers their heap.
 */
class DecodedCopiesTest {

    final Vertx vertx = Vertx.vertx();
    final WorkerExecutor workers = vertx.createSharedWorkerExecutor("decode-test", 2);

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aValueReadOften_isDecodedOnceMore_andEveryLaterReadGetsTheSameTree() throws Exception {
        DecodedCopies copies = DecodedCopies.bounded(64L << 20, workers);
        Stored stored = stored(StoredJsonTest.durovBody());
        Object early = readUnkept(copies, stored);
        List<Future<Object>> reads = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            reads.add(copies.of(stored));
        }
        Object kept = await(reads.getFirst());
        for (Future<Object> read : reads) {
            assertSame(kept, await(read));
        }
        assertNotSame(early, kept);
        assertEquals(early, kept);
        assertEquals(DecodedCopies.KEEP_AT, copies.decodes(), "one decode per early read, then one for every later");

        Stored newer = stored(StoredJsonTest.durovBody());
        assertNotSame(kept, await(copies.of(newer)), "keyed by the stored value itself, not its content");
        assertEquals(DecodedCopies.KEEP_AT + 1L, copies.decodes());
    }

    @Test
    void aValueReadLessOften_isDecodedForEachRead_andNothingIsKept() throws Exception {
        DecodedCopies copies = DecodedCopies.bounded(64L << 20, workers);
        Stored stored = stored(StoredJsonTest.durovBody());
        for (int read = 1; read < DecodedCopies.KEEP_AT; read++) {
            assertEquals(StoredJson.decode(stored.raw()), await(copies.of(stored)));
            assertEquals(read, copies.decodes());
        }
        assertEquals(0L, copies.weightedBytes(), "a tree read only " + (DecodedCopies.KEEP_AT - 1) + " times is kept by nobody");

        Object kept = await(copies.of(stored));
        assertSame(kept, await(copies.of(stored)), "the " + DecodedCopies.KEEP_AT + "th read's tree is kept");
        assertEquals(DecodedCopies.KEEP_AT, copies.decodes());
    }

    @Test
    void aDecodeAskedOnAnotherPool_runsThere_andIsSharedLikeAnyOther() throws Exception {
        WorkerExecutor builds = vertx.createSharedWorkerExecutor("feed-build-test", 1);
        CountDownLatch busy = new CountDownLatch(1);
        builds.executeBlocking(() -> busy.await(60, TimeUnit.SECONDS), false); // its one thread taken
        DecodedCopies copies = DecodedCopies.bounded(64L << 20, workers);
        Stored stored = stored(StoredJsonTest.durovBody());
        readUnkept(copies, stored);

        Future<Object> decoding = copies.of(stored, builds);
        assertFalse(decoding.isComplete(), "waits for the pool it was asked on, though the default pool is idle");
        busy.countDown();

        assertSame(await(decoding), await(copies.of(stored)));
        assertEquals(DecodedCopies.KEEP_AT, copies.decodes());
    }

    @Test
    void noCopiesKept_decodesEveryRead() throws Exception {
        DecodedCopies copies = DecodedCopies.bounded(0, workers);
        Stored stored = stored(StoredJsonTest.durovBody());
        assertEquals(await(copies.of(stored)), await(copies.of(stored)));
        assertEquals(2L, copies.decodes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"s-durov-2026-05-hortay.html", "s-meduzalive-2026-05-hortay.html",
        "s-topwar_official-2023-02-any2feed.html"})
    void accountedWeight_coversTheHeapADecodedAnswerRetains(String page) {
        byte[] json = StoredJsonTest.body(page);
        long retained = retainedPerTree(json, 200);
        long accounted = DecodedCopies.weight(stored(json));

        System.out.printf("%s: decoded %d JSON bytes: retained %d bytes (%.2f per JSON byte), accounted %d%n",
                page, json.length, retained, (double) retained / json.length, accounted);
        assertTrue(accounted >= retained, "accounted " + accounted + " < retained " + retained);
        assertTrue(accounted < 5 * retained / 2, "over-accounted: " + accounted + " for " + retained);
    }

    /** The reads of {@code stored} before it is kept, one after another; the last one's tree. */
    private static Object readUnkept(DecodedCopies copies, Stored stored) throws Exception {
        Object tree = null;
        for (int read = 1; read < DecodedCopies.KEEP_AT; read++) {
            tree = await(copies.of(stored));
        }
        return tree;
    }

    /**
     * Heap one decoded tree of {@code json} retains, from {@code copies} of them held at once. This JVM ran other
     * tests first, whose leftovers (closing event loops, cleaners) may be freed meanwhile: a measurement counts only
     * if the heap comes back to where it started once the trees are dropped, else it is taken again.
     */
    private static long retainedPerTree(byte[] json, int copies) {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int attempt = 1; ; attempt++) {
            long before = usedHeapAfterGc(memory);
            List<Object> trees = new ArrayList<>(copies);
            for (int i = 0; i < copies; i++) {
                trees.add(StoredJson.decode(json));
            }
            long held = usedHeapAfterGc(memory) - before;
            Reference.reachabilityFence(trees);
            trees = null;
            long drift = Math.abs(usedHeapAfterGc(memory) - before);
            if (held > 0 && drift < held / 20) {
                return held / copies;
            }
            if (attempt == 5) {
                throw new AssertionError("the heap would not settle: held " + held + ", drift " + drift);
            }
        }
    }

    private static Stored stored(byte[] json) {
        return Stored.of(json, 0, Instant.parse("2026-05-05T16:00:00Z"), Duration.ofSeconds(10));
    }

    private static Object await(Future<Object> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    static long usedHeapAfterGc(MemoryMXBean memory) {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
