package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.WorkerExecutor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A hit's own work off the loop (here the gzip copy of a large stored answer) never waits behind loads: with every
 * parse thread taken (as a burst of misses takes them), a gzip hit is still answered, from threads of its own. On one
 * shared pool it waited until the parses ended; here they end only after the answer, so that version fails.
 */
class HitWorkTest {

    private static final int PARSE_WORKERS = 2;
    private static final String BODY = "/v1/body/durov";

    private final TestServer server = new TestServer(Map.of("PARSE_WORKERS", Integer.toString(PARSE_WORKERS)),
            new TestClock(), null);
    private final CountDownLatch parsesEnd = new CountDownLatch(1);

    @AfterEach
    void stop() {
        parsesEnd.countDown();
        server.close();
    }

    @Test
    void everyParseThreadBusy_aGzipHitIsStillAnswered() throws Exception {
        HttpResponse<byte[]> plain = CacheHttp.get(server, BODY);
        assertEquals(200, plain.statusCode());
        assertTrue(plain.body().length > 8 * 1024, "a copy made off the loop: " + plain.body().length);

        takeEveryParseThread();
        HttpResponse<byte[]> gzip = CacheHttp.get(server, BODY, "Accept-Encoding", "gzip");

        assertEquals(200, gzip.statusCode());
        assertEquals("gzip", gzip.headers().firstValue("Content-Encoding").orElse(""));
        assertArrayEquals(plain.body(), gunzip(gzip.body()));
        assertEquals(1, server.tme.hits("/s/durov"));
        assertEquals(1, parsesEnd.getCount(), "the parse threads were still taken when the hit was answered");
    }

    /** Blocks every thread of the parsers' pool (shared by name in the server's Vert.x) until the test ends. */
    private void takeEveryParseThread() throws InterruptedException {
        WorkerExecutor parsers = server.vertx.createSharedWorkerExecutor("tme-parse", PARSE_WORKERS);
        CountDownLatch taken = new CountDownLatch(PARSE_WORKERS);
        for (int i = 0; i < PARSE_WORKERS; i++) {
            parsers.executeBlocking(() -> {
                taken.countDown();
                return parsesEnd.await(5, TimeUnit.MINUTES);
            }, false);
        }
        assertTrue(taken.await(30, TimeUnit.SECONDS), "every parse thread taken");
    }

    private static byte[] gunzip(byte[] body) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
