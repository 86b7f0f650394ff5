package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * Bounded waiting: t.me stalls, and at most {@code MAX_WAITING_REQUESTS} (here 100) requests may wait for it.
 * Of 1000 concurrent misses the rest get a 503 with a Retry-After at once, and cached keys keep answering.
 */
class GateSheddingTest {

    static final int MISSES = 1000;
    static final int MAX_WAITING = 100;

    final TestServer server = new TestServer(Map.of("MAX_WAITING_REQUESTS", Integer.toString(MAX_WAITING),
            "TELEGRAM_TIMEOUT", "5s", "TELEGRAM_RATE", "1000", "TELEGRAM_BURST", "1000"));
    final FleetClient client = new FleetClient();

    @AfterEach
    void stop() {
        server.tme.reset();
        client.close();
        server.close();
    }

    @Test
    void tmeStalled_thousandMisses_atLeast900GetA503AtOnce_andCachedKeysKeepAnswering() {
        assertEquals(200, client.get(server, "/v1/body/durov").join().status());
        server.tme.anyChannelAs("durov").hang();

        List<CompletableFuture<Reply>> misses = new ArrayList<>(MISSES);
        for (int i = 0; i < MISSES; i++) {
            misses.add(client.get(server, "/v1/body/stalled" + i));
        }
        FleetAwait.until("all but the waiting requests are answered",
                () -> misses.stream().filter(CompletableFuture::isDone).count() >= MISSES - MAX_WAITING,
                () -> misses.stream().filter(CompletableFuture::isDone).count() + " answered");
        List<Reply> shed = misses.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join)
                .filter(reply -> reply.status() == 503 && "overloaded".equals(reply.code())).toList();

        assertTrue(shed.size() >= 900, "shed at once: " + shed.size());
        assertTrue(shed.stream().allMatch(r -> r.retryAfter() >= 1), "every 503 says when to come back");
        assertEquals(MAX_WAITING, Fleet.metric(server, "tme_coalescing_waiting"), "the waiting stay bounded");
        PrometheusText metrics = Fleet.metrics(server);
        assertTrue(metrics.count("tme_gate_queue_waiting") + metrics.sum("tme_gate_slots_in_use") <= MAX_WAITING);
        for (int i = 0; i < 10; i++) {
            Reply hit = client.get(server, "/v1/body/durov").join();
            assertEquals(200, hit.status());
            assertEquals("L1", hit.xCache());
        }
        assertTrue(server.tme.totalHits() <= 1 + MAX_WAITING, "t.me requests: " + server.tme.totalHits());
    }
}
