package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Answers of the feed ({@code POST} and {@code GET /v1/feed}, in JSON, Atom, RSS and JSON Feed) and of the request
 * pipeline (429 {@code client_rate_limited} under {@code CLIENT_RATE}, {@code X-Request-Id} on every answer,
 * {@code Server-Timing} on a miss), each validated against {@code /openapi.json} as served.
 */
class OpenApiFeedAndPipelineTest extends ServedContractTestBase {

    @Test
    void postFeed_postsAndAnErrorPerChannelThatFailed() {
        HttpAnswer feed = checkedPost("{\"channels\":[\"durov\",\"zzqxnonexistent\"],\"limit\":5}");
        assertEquals(200, feed.status(), feed.toString());
        JsonObject answer = feed.json();
        assertEquals(5, answer.getJsonArray("result").size(), feed.toString());
        JsonArray errors = answer.getJsonArray("errors");
        assertEquals("zzqxnonexistent", errors.getJsonObject(0).getString("channel"), feed.toString());
        for (String refused : List.of("{}", "{\"channels\":[]}", "{\"channels\":[\"bad-name\"]}", "[\"durov\"]",
                "not json")) {
            assertEquals(422, checkedPost(refused).status(), refused);
        }
        assertEquals(413, checkedPost("{\"channels\":[\"" + "a".repeat(70_000) + "\"]}").status());
    }

    @Test
    void getFeed_inEveryFormat_conditionalAndHead() {
        for (String format : List.of("", "&format=json", "&format=atom", "&format=rss", "&format=jsonfeed")) {
            String path = "/v1/feed?channels=durov,meduzalive&limit=5" + format;
            HttpAnswer feed = validated("GET", path);
            assertEquals(200, feed.status(), path + ": " + feed);
            validated("HEAD", path);
            feed.header("ETag").ifPresent(etag -> assertEquals(304, validated("GET", path, "If-None-Match", etag).status()));
        }
        assertEquals(422, validated("GET", "/v1/feed?channels=bad-name").status());
        assertEquals(422, validated("GET", "/v1/feed?channels=durov&format=pdf").status());
    }

    @Test
    void aClientOverItsRate_is429WithRetryAfter() {
        // The limiter reads the server's clock: a test clock that stands still refills no token.
        TestServer limited = new TestServer(Map.of("CLIENT_RATE", "1", "CLIENT_BURST", "1"),
                new tme.redis.testing.TestClock(), null);
        try {
            Calls limitedCalls = new Calls(limited);
            limitedCalls.get("/v1/nothing");
            HttpAnswer refused = limitedCalls.get("/v1/body/durov");
            assertEquals(429, refused.status(), refused.toString());
            contract.validate("GET", "/v1/body/durov", refused);
            contract.validate("HEAD", "/v1/post/durov/1", limitedCalls.head("/v1/post/durov/1"));
            assertEquals(0, limited.tme.totalHits());
        } finally {
            limited.close();
        }
    }

    @Test
    void everyAnswer_carriesItsRequestId_andAMissItsTimings() {
        HttpAnswer miss = calls.get("/v1/body/durov", "X-Request-Id", "report-42");
        assertEquals("report-42", miss.header("X-Request-Id").orElseThrow());
        assertTrue(miss.header("Server-Timing").orElseThrow().contains("upstream;dur="), miss.toString());
        contract.validate("GET", "/v1/body/durov", miss);
        for (String path : List.of("/v1/body/durov", "/v1/nothing", "/healthz", "/openapi.json", "/v1/body/ab")) {
            HttpAnswer answer = calls.get(path);
            assertTrue(answer.header("X-Request-Id").isPresent(), path + ": " + answer);
            contract.validate("GET", path, answer);
        }
    }

    /** Sends and validates. */
    private HttpAnswer checkedPost(String body) {
        HttpAnswer answer = calls.post("/v1/feed", "application/json", body);
        contract.validate("POST", "/v1/feed", answer);
        return answer;
    }
}
