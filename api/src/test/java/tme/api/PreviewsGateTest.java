package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /v1/previews} while the fleet pauses: cached channels are answered, the others carry the gate's refusal
 * in their own entry, and the batch sends nothing to t.me.
 */
class PreviewsGateTest {

    final TestServer server = new TestServer(Map.of());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void previewsDuringACooldown_answerCachedChannels_andReportTheOthersPerEntry() {
        assertEquals(200, server.get("/v1/preview/durov").statusCode());
        server.tme.anyChannelAs("durov").throttle(Duration.ofSeconds(30));
        HttpResponse<String> throttled = server.get("/v1/preview/first");
        assertEquals(503, throttled.statusCode());
        long hits = server.tme.totalHits();

        HttpResponse<String> batch = server.post("/v1/previews", "{\"channels\":[\"durov\",\"second\",\"third\"]}");

        assertEquals(200, batch.statusCode());
        JsonObject entries = TestServer.json(batch);
        assertEquals("Pavel Durov", entries.getJsonObject("durov").getJsonObject("channel").getString("title"));
        for (String shed : new String[] {"second", "third"}) {
            JsonObject error = entries.getJsonObject(shed).getJsonObject("error");
            assertEquals(503, error.getInteger("status"));
            assertEquals("upstream_cooldown", error.getString("code"));
            long retryAfter = error.getLong("retry_after");
            assertTrue(retryAfter >= 1 && retryAfter <= 30, "retry_after " + retryAfter);
        }
        assertEquals(hits, server.tme.totalHits(), "the batch sent nothing to t.me during the pause");
    }
}
