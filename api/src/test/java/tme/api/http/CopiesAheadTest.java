package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.memory.DirectRoom;
import tme.api.service.Answer;
import tme.cache.CacheConfig;
import tme.cache.L2;
import tme.cache.Lookup;
import tme.cache.Stored;
import tme.cache.TwoLevelCache;
import tme.coalescing.Source;
import tme.coalescing.Timings;
import tme.redis.testing.TestClock;

/**
 * A value that replaces another in L1 (a refresh) gets the copies its predecessor's readers used made at once, on
 * the background pool, so its first gzip or identity reader does not wait for a compression: and only those. A value
 * that leaves L1 takes its copies with it at once, though something still holds it (here, the test): its copies'
 * bound weighs live values only.
 */
class CopiesAheadTest {

    private static final String KEY = "tme:v1:full:body:{durov}:0";
    private static final String QUIET = "tme:v1:full:body:{meduzalive}:0";

    private final Vertx vertx = Vertx.vertx();
    private final TestClock clock = new TestClock(Instant.parse("2026-12-07T00:00:00Z"));
    // One worker thread: tasks run in the order given, so one made copy says every earlier task has run.
    private final WorkerExecutor workers = vertx.createSharedWorkerExecutor("copies-ahead-test", 1);
    // The copies made ahead go to a pool of their own (the server's idle parsers): counted, to see they went there.
    private final AtomicInteger aheadTasks = new AtomicInteger();
    private final WorkerExecutor background = counted(vertx.createSharedWorkerExecutor("copies-ahead-background", 1),
            aheadTasks);
    private final Responses responses = new Responses(InstantSource.system(), 4 * 1024 * 1024, DirectRoom.unbounded(),
            workers, background);
    private final TwoLevelCache levels = TwoLevelCache.create(CacheConfig.defaults(), clock, L2.none())
            .onDeparted(responses::departed);

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static WorkerExecutor counted(WorkerExecutor pool, AtomicInteger tasks) {
        return new WorkerExecutor() {
            @Override
            public <T> Future<T> executeBlocking(java.util.concurrent.Callable<T> task, boolean ordered) {
                tasks.incrementAndGet();
                return pool.executeBlocking(task, ordered);
            }

            @Override
            public Future<Void> close() {
                return pool.close();
            }
        };
    }

    private static Stored page(int version) {
        String json = "{\"version\":" + version + ",\"posts\":["
                + "{\"id\":1,\"text\":\"a post long enough to be compressed and sent from the workers\"},".repeat(400)
                + "{}]}";
        return Stored.of(json.getBytes(StandardCharsets.UTF_8), 0, Instant.parse("2026-12-07T00:00:00Z")
                .plusSeconds(version), Duration.ofSeconds(10));
    }

    private long copyBytes(String coding) {
        return responses.counters().get("http.copies." + coding + "_bytes");
    }

    /** A first value stored at {@link #KEY} and read once in each of {@code codings}, each answer checked. */
    private Stored storedAndRead(int port, String... codings) throws Exception {
        Stored first = page(1);
        levels.put(KEY, first);
        for (String coding : codings) {
            assertArrayEquals(coding.equals("gzip") ? GzipCopies.gzip(first.raw()) : first.raw(), get(port, coding));
        }
        return first;
    }

    private long gzipReads(String found) {
        return responses.counters().get("http.copies.gzip.reads." + found);
    }

    private static long gzipWeight(Stored stored) {
        return GzipCopies.gzip(stored.raw()).length + BodyCopies.ENTRY_OVERHEAD;
    }

    private byte[] get(int port, String acceptEncoding) throws Exception {
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v"))
                    .header("Accept-Encoding", acceptEncoding).timeout(Duration.ofSeconds(20)).build();
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, response.statusCode());
            return response.body();
        }
    }

    private int serve() throws Exception {
        Router router = Router.router(vertx);
        router.get("/v").handler(ctx -> levels.get(KEY).onSuccess(lookup -> responses.send(ctx,
                Future.succeededFuture(new Answer.Cached(((Lookup.Hit) lookup).stored(), Source.L1,
                        Timings.NONE)))));
        HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        return server.actualPort();
    }

    private void awaitCopyBytes(String coding, long bytes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (copyBytes(coding) != bytes && System.nanoTime() < deadline) {
            Thread.sleep(2); // polled against a deadline: the copy is made on the worker thread
        }
        assertEquals(bytes, copyBytes(coding), coding + " copies");
    }

    @Test
    void aRefreshedValue_readInGzipBefore_getsItsGzipCopyMadeAhead_andNoOtherValueDoes() throws Exception {
        int port = serve();
        Stored first = page(1);
        Stored unread = page(1);
        levels.put(KEY, first);
        levels.put(QUIET, unread);
        assertArrayEquals(GzipCopies.gzip(first.raw()), get(port, "gzip"));
        assertEquals(gzipWeight(first), copyBytes("gzip"));

        Stored quietRefreshed = page(2);
        levels.put(QUIET, quietRefreshed); // nobody read its predecessor in gzip: nothing is made
        Stored refreshed = page(2);
        levels.put(KEY, refreshed);

        awaitCopyBytes("gzip", gzipWeight(refreshed)); // the first value's copy went with it
        assertArrayEquals(GzipCopies.gzip(refreshed.raw()), get(port, "gzip"));
        assertEquals(gzipWeight(refreshed), copyBytes("gzip"), "answered from the copy made ahead");
        assertEquals(1L, gzipReads("started"), "only the first value's reader waited for a compression");
        assertEquals(1L, gzipReads("kept"));
        assertEquals(0, copyBytes("identity"), "nobody read it uncompressed");
        assertEquals(1, aheadTasks.get(), "one copy made ahead, on the background pool: the read value's");
    }

    @Test
    void aValueRefreshedAgain_beforeItsCopyWasMadeAhead_passesTheCopyOnToItsSuccessor() throws Exception {
        int port = serve();
        storedAndRead(port, "gzip");
        CountDownLatch busy = new CountDownLatch(1);
        background.executeBlocking(() -> busy.await(20, TimeUnit.SECONDS), false); // the pool's one thread, taken
        Stored second = page(2);
        levels.put(KEY, second); // its copy is queued behind the busy thread...
        Stored third = page(3);
        levels.put(KEY, third); // ...and it is replaced before the copy is made
        busy.countDown();

        awaitCopyBytes("gzip", gzipWeight(third));
        assertArrayEquals(GzipCopies.gzip(third.raw()), get(port, "gzip"));
        assertEquals(1L, gzipReads("started"), "the third value's reader found its copy made");
        assertEquals(3, aheadTasks.get(), "the busy task, then a copy for the second and for the third value");
    }

    @Test
    void aValueDropped_takesItsCopiesWithIt() throws Exception {
        int port = serve();
        Stored first = storedAndRead(port, "gzip", "identity");
        assertEquals(gzipWeight(first), copyBytes("gzip"));

        levels.drop(KEY); // a post edited: the value is gone from L1, though this test still holds it

        assertEquals(0, copyBytes("gzip"));
        assertEquals(0, copyBytes("identity"));
        assertEquals(0, aheadTasks.get(), "no successor: nothing made ahead");
    }

    @Test
    void aRefreshedValue_readUncompressedBefore_getsItsIdentityCopyMadeAhead() throws Exception {
        int port = serve();
        storedAndRead(port, "identity");
        long oneCopy = copyBytes("identity");

        levels.put(KEY, page(2));

        awaitCopyBytes("identity", oneCopy); // the same size: the versions differ by one digit; the first's went
        assertEquals(0, copyBytes("gzip"));
        assertEquals(1, aheadTasks.get(), "made on the background pool");
    }
}
