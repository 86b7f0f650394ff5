package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A history walk waits its turn behind readers' misses: with one slot to t.me, taken by a reader's load held at the
 * fake, a walk's page queued first and a reader's miss queued after it, the reader's miss reaches t.me first.
 */
class HistoryPriorityTest {

    static final String QUEUED = "tme_gate_queue_waiting";

    final TestServer server = new TestServer(Map.of("TELEGRAM_MAX_CONCURRENCY", "1"));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aWalksPage_goesAfterAReadersMissQueuedLater() {
        server.tme.holdRequests();
        CompletableFuture<HttpResponse<String>> holding = async("/v1/preview/durov");
        FleetAwait.held(server.tme, 1);
        CompletableFuture<HttpResponse<String>> walk = async("/v1/history/durov?limit=1");
        FleetAwait.until("the walk's page waits for the slot", () -> Fleet.metric(server, QUEUED) == 1,
                () -> "waiting " + Fleet.metric(server, QUEUED));
        CompletableFuture<HttpResponse<String>> reader = async("/v1/body/meduzalive");
        FleetAwait.until("the reader's miss waits too", () -> Fleet.metric(server, QUEUED) == 2,
                () -> "waiting " + Fleet.metric(server, QUEUED));

        server.tme.release();

        assertEquals(List.of(200, 200, 200), List.of(holding.join().statusCode(), walk.join().statusCode(),
                reader.join().statusCode()));
        assertTrue(server.tme.arrivals("/s/meduzalive").getFirst() < server.tme.arrivals("/s/durov").getFirst(),
                "the reader's miss went first");
    }

    private CompletableFuture<HttpResponse<String>> async(String path) {
        return server.http().sendAsync(server.request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
