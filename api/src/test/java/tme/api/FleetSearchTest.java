package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * A search is one load for the whole fleet, like any page: two production servers sharing one real redis-server and
 * the fake t.me, many concurrent requests for one search written in different cases and spacings, and one t.me
 * request in total (single-flight in each server, the lease between them); the holder's request is held at the fake
 * until every other request waits.
 */
class FleetSearchTest extends FleetTestBase {

    static final int REQUESTS_EACH = 100;

    FleetSearchTest() {
        super(2);
    }

    @Test
    void oneSearch_twoServersInAnySpelling_oneTmeRequest_andTheSameBytes() {
        fleet.tme.holdRequests();
        List<CompletableFuture<Reply>> burst = new ArrayList<>(client.burst(a, "/v1/search/durov?q=Telegram",
                REQUESTS_EACH));
        FleetAwait.held(fleet.tme, 1);
        burst.addAll(client.burst(b, "/v1/search/DUROV?q=%20TELEGRAM%20", REQUESTS_EACH));
        FleetAwait.until("every request in, b waiting on a's lease",
                () -> Fleet.sum("tme_coalescing_lease_waits_total", List.of(a, b)) == 1
                        && Fleet.sum("tme_coalescing_joins_total", List.of(a, b)) >= 2L * (REQUESTS_EACH - 1),
                () -> List.of(Fleet.metrics(a), Fleet.metrics(b)).toString());

        fleet.tme.release();

        List<Reply> replies = FleetClient.all(burst);
        assertEquals(Map.of(200, 2L * REQUESTS_EACH), FleetClient.tally(replies, Reply::status));
        assertEquals(1, FleetClient.tally(replies, Reply::bodySha).size(), "every server sends the same bytes");
        assertEquals(1, fleet.tme.hits("/s/durov?q=telegram"));
        assertEquals(1, fleet.tme.totalHits());
        assertEquals(Map.of("L2", (long) REQUESTS_EACH, "upstream", (long) REQUESTS_EACH),
                FleetClient.tally(replies, Reply::xCache));
    }
}
