package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * Background work yields to readers: with both slots held by user loads and a user waiting, an early refresh
 * waits; a reader who then needs that very load (the entry went stale past revalidation) joins it and raises
 * it to a user load.
 */
class GatePriorityTest {

    final CacheFleet fleet = CacheFleet.withoutRedis();
    final TestServer server = fleet.server(Map.of("TELEGRAM_MAX_CONCURRENCY", "2", "TELEGRAM_TIMEOUT", "30s"));
    final FleetClient client = new FleetClient();

    @AfterEach
    void stop() {
        fleet.tme.release();
        client.close();
        fleet.close();
    }

    @Test
    void slotsFullOfUserWork_refreshWaits_andAReaderJoiningItRaisesIt() {
        assertEquals(200, client.get(server, "/v1/body/durov").join().status());
        fleet.tme.anyChannelAs("durov").holdRequests();
        List<CompletableFuture<Reply>> users = List.of(client.get(server, "/v1/body/user1"),
                client.get(server, "/v1/body/user2"));
        FleetAwait.held(fleet.tme, 2);
        CompletableFuture<Reply> waitingUser = client.get(server, "/v1/body/user3");
        FleetAwait.until("a user waits for a slot", () -> Fleet.metric(server, "tme_gate_queue_waiting") == 1, () -> "");

        fleet.clock.advance(Duration.ofMillis(9_600)); // inside durov's refresh window
        Reply hit = client.get(server, "/v1/body/durov").join();
        assertEquals("L1", hit.xCache());
        FleetAwait.until("the refresh waits for a slot", () -> Fleet.metric(server, "tme_gate_queue_waiting") == 2, () -> "");
        assertEquals(2, fleet.tme.held(), "the refresh did not get a slot while a user waits");
        assertEquals(1, Fleet.metric(server, "tme_coalescing_refreshes_started_total"));

        fleet.clock.advance(Duration.ofSeconds(11)); // past freshness and revalidation: a reader now waits for it
        CompletableFuture<Reply> joining = client.get(server, "/v1/body/durov");
        FleetAwait.until("the reader raised the refresh", () -> Fleet.metric(server, "tme_gate_slots_raised_total") == 1,
                () -> Fleet.metrics(server).toString());
        assertEquals(1, Fleet.metric(server, "tme_coalescing_raised_total"));

        fleet.tme.release();
        for (CompletableFuture<Reply> reply : List.of(users.get(0), users.get(1), waitingUser, joining)) {
            assertEquals(200, reply.join().status());
        }
        assertEquals("upstream", joining.join().xCache());
        assertEquals(1, fleet.tme.hits("/s/durov") - 1, "the raised refresh was the reader's one load");
    }
}
