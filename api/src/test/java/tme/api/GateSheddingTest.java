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
class GateSheddingTest extends ServerTestBase {

    static final int MISSES = 1000;
    static final int MAX_WAITING = 100;
    static final int SLOTS = 32;

    GateSheddingTest() {
        super(withHeldLoads(Map.of("MAX_WAITING_REQUESTS", Integer.toString(MAX_WAITING),
                "TELEGRAM_MAX_CONCURRENCY", Integer.toString(SLOTS),
                "TELEGRAM_RATE", "1000", "TELEGRAM_BURST", "1000")));
    }

    /** The stalled loads get their answers, so the server stops without waiting for them. */
    @AfterEach
    void unstall() {
        server.tme.reset();
    }

    @Test
    void tmeStalled_thousandMisses_900GetA503AtOnce_andCachedKeysKeepAnswering() {
        assertEquals(200, client.get(server, "/v1/body/durov").join().status());
        server.tme.anyChannelAs("durov").holdRequests(); // t.me answers nothing until the test ends

        List<CompletableFuture<Reply>> misses = new ArrayList<>(MISSES);
        for (int i = 0; i < MISSES; i++) {
            misses.add(client.get(server, "/v1/body/stalled" + i));
        }
        FleetAwait.until("all but the waiting requests are answered",
                () -> misses.stream().filter(CompletableFuture::isDone).count() >= MISSES - MAX_WAITING,
                () -> misses.stream().filter(CompletableFuture::isDone).count() + " answered");
        FleetAwait.held(server.tme, SLOTS); // every slot's load reached t.me
        List<Reply> answered = misses.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join).toList();
        List<Reply> shed = answered.stream()
                .filter(reply -> reply.status() == 503 && "overloaded".equals(reply.code())).toList();

        assertEquals(MISSES - MAX_WAITING, answered.size(), "the waiting still wait");
        assertEquals(MISSES - MAX_WAITING, shed.size(), "shed at once: " + FleetClient.tally(answered, Reply::status));
        assertTrue(shed.stream().allMatch(r -> r.retryAfter() >= 1), "every 503 says when to come back");
        PrometheusText metrics = Fleet.metrics(server);
        assertEquals(MAX_WAITING, metrics.count("tme_coalescing_waiting"), "the waiting stay bounded");
        assertEquals(SLOTS, metrics.count("tme_gate_slots_in_use{priority=\"reader\"}"), "one load per slot at t.me");
        assertEquals(0, metrics.count("tme_gate_slots_in_use{priority=\"background\"}"));
        assertEquals(MAX_WAITING - SLOTS, metrics.count("tme_gate_queue_waiting"), "the other loads queue for a slot");
        for (int i = 0; i < 10; i++) {
            Reply hit = client.get(server, "/v1/body/durov").join();
            assertEquals(200, hit.status());
            assertEquals("L1", hit.xCache());
        }
        assertEquals(1 + SLOTS, server.tme.totalHits(), "the warm-up, then one request per slot");
    }
}
