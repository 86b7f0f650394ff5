package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * Fair slots: four slots and a t.me that takes 200 ms. One previews request for 60 channels nobody read before is
 * one flow; a body request arriving after it is another, and gets a slot within a few round trips instead of
 * waiting behind the whole batch (60 / 4 x 200 ms = 3 s).
 */
class GateFairnessTest extends ServerTestBase {

    static final int CHANNELS = 60;
    static final Duration LATENCY = Duration.ofMillis(200);

    GateFairnessTest() {
        super(Map.of("TELEGRAM_MAX_CONCURRENCY", "4", "TELEGRAM_RATE", "100", "TELEGRAM_BURST", "100",
                "TELEGRAM_TIMEOUT", "30s"));
    }

    @Test
    void bodyAfterABigPreviewsBatch_answersAfterAFewRoundTrips_notAfterTheBatch() {
        server.tme.anyChannelAs("durov").delay(LATENCY);
        JsonArray names = new JsonArray(IntStream.range(0, CHANNELS).mapToObj(i -> "batch" + i).toList());
        CompletableFuture<HttpResponse<String>> batch =
                server.postAsync("/v1/previews", new JsonObject().put("channels", names).encode());
        FleetAwait.until("the batch fills its slots", () -> server.tme.totalHits() >= 3, () -> "hits "
                + server.tme.totalHits());

        long sent = System.nanoTime();
        Reply body = client.get(server, "/v1/body/durov").join();
        long took = body.nanoTime() - sent;
        long previewsBefore = server.tme.totalHits() - 1;

        assertEquals(200, body.status());
        assertEquals("upstream", body.xCache());
        assertTrue(!batch.isDone(), "the batch is still loading when the body is answered");
        assertTrue(previewsBefore < 20, "preview requests t.me saw before the body was answered: " + previewsBefore);
        assertEquals(200, batch.join().statusCode());
        assertEquals(CHANNELS, new JsonObject(batch.join().body()).size());
        System.out.printf("fairness: body answered in %d ms, after %d of %d preview requests%n",
                took / 1_000_000, previewsBefore, CHANNELS);
    }
}
