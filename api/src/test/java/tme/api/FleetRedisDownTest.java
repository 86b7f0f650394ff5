package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/** Two servers whose Redis is gone: no leases to share, but each still loads a key once for all its callers. */
class FleetRedisDownTest extends FleetTestBase {

    static final int REQUESTS_EACH = 200;

    FleetRedisDownTest() {
        super(2);
    }

    @Test
    void redisDown_twoServersBurst_eachLoadsAtMostOnce_andEveryRequestSucceeds() {
        fleet.redis.kill();
        fleet.tme.holdRequests();
        List<CompletableFuture<Reply>> burst = new ArrayList<>(client.burst(a, "/v1/body/durov", REQUESTS_EACH));
        burst.addAll(client.burst(b, "/v1/body/durov", REQUESTS_EACH));
        FleetAwait.held(fleet.tme, 2); // each server loads by itself
        FleetAwait.until("all requests in", () -> Fleet.sum("tme_coalescing_joins_total", fleet.servers())
                == 2 * (REQUESTS_EACH - 1), () -> fleet.servers().stream().map(Fleet::metrics).toList().toString());

        fleet.tme.release();

        List<Reply> replies = FleetClient.all(burst);
        int total = 2 * REQUESTS_EACH;
        assertEquals(Map.of(200, (long) total), FleetClient.tally(replies, Reply::status));
        assertEquals(Map.of("upstream", (long) total), FleetClient.tally(replies, Reply::xCache));
        assertEquals(1, FleetClient.tally(replies, Reply::bodySha).size(), "both servers render the same bytes");
        assertEquals(2, fleet.tme.hits("/s/durov"), "one load per server, held until both had started");
        for (TestServer server : fleet.servers()) {
            assertEquals(1L, Fleet.metric(server, "tme_coalescing_loads_total"));
            assertEquals(1L, Fleet.metric(server, "tme_coalescing_local_fallbacks_total"), "loaded without a lease");
        }
        assertEquals(REQUESTS_EACH, FleetClient.coalescingRatio(
                "2 servers x 200 concurrent /v1/body/durov, Redis down", total, fleet.tme.totalHits()));
    }
}
