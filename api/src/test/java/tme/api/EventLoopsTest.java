package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * The server runs on {@code EVENT_LOOPS} event loops (here 2): connections are spread over both, and one load
 * shared by requests on both loops answers each of them, from its own loop, with the same bytes.
 */
class EventLoopsTest extends ServerTestBase {

    static final int CLIENTS = 40;

    EventLoopsTest() {
        super(withHeldLoads(Map.of("EVENT_LOOPS", "2")));
    }

    @AfterEach
    void releaseHeldLoads() {
        server.tme.release();
    }

    @Test
    void twoEventLoops_bothServeConnections() {
        for (int i = 0; i < 10; i++) {
            assertEquals(200, CacheHttp.get(server, "/healthz").statusCode()); // a new connection each time
        }
        PrometheusText metrics = Fleet.metrics(server);
        long first = metrics.count("tme_http_event_loop_requests_total{loop=\"0\"}");
        long second = metrics.count("tme_http_event_loop_requests_total{loop=\"1\"}");
        assertTrue(first >= 4 && second >= 4, "requests per loop: " + first + ", " + second);
        assertEquals(11, first + second, "the 10 reads and this /metrics read");
    }

    @Test
    void oneLoadSharedAcrossLoops_answersEveryRequestFromItsOwnLoop_withTheSameBytes() {
        server.tme.holdRequests();
        List<CompletableFuture<Reply>> burst = client.burst(server, "/v1/body/durov", CLIENTS);
        FleetAwait.held(server.tme, 1);
        awaitMetric("tme_coalescing_joins_total", CLIENTS - 1); // every client joined the load

        server.tme.release();
        List<Reply> replies = FleetClient.all(burst);

        assertEquals(Map.of(200, (long) CLIENTS), FleetClient.tally(replies, Reply::status));
        assertEquals(1, FleetClient.tally(replies, Reply::bodySha).size(), "byte-identical bodies");
        assertEquals(1, server.tme.hits("/s/durov"));
        assertTrue(Fleet.metric(server, "tme_http_event_loop_requests_total{loop=\"0\"}") > 0
                && Fleet.metric(server, "tme_http_event_loop_requests_total{loop=\"1\"}") > 0, "the burst came in on both loops");
    }
}
