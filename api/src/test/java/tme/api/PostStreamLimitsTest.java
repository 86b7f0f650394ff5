package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code STREAM_MAX_CLIENTS} and {@code STREAM_MAX_PER_CLIENT}: past them, 503 and 429 problems, nothing opened; a
 * channel t.me says does not exist is a 404 before the stream opens.
 */
class PostStreamLimitsTest extends ServerTestBase {

    PostStreamLimitsTest() {
        super(Map.of("STREAM_MAX_CLIENTS", "2", "STREAM_MAX_PER_CLIENT", "1",
                "TRUSTED_PROXIES", "127.0.0.1/32"));
    }

    @Test
    void stream_refusedPastTheServersAndTheClientsLimit() {
        server.tme.anyChannelAs("durov");
        try (SseClient first = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram",
                "X-Forwarded-For", "203.0.113.1")) {
            assertEquals(200, first.response.statusCode());
            HttpResponse<String> sameClient = server.get("/v1/stream?channels=telegram", "X-Forwarded-For", "203.0.113.1");
            assertEquals(429, sameClient.statusCode());
            assertEquals("too_many_streams", TestServer.json(sameClient).getString("code"));
            try (SseClient second = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram",
                    "X-Forwarded-For", "203.0.113.2")) {
                assertEquals(200, second.response.statusCode());
                HttpResponse<String> full = server.get("/v1/stream?channels=telegram", "X-Forwarded-For", "203.0.113.3");
                assertEquals(503, full.statusCode());
                assertEquals("streams_full", TestServer.json(full).getString("code"));
                assertEquals("3", full.headers().firstValue("retry-after").orElse(""));
                awaitMetric("tme_streams_open", 2);
            }
        }
        awaitMetric("tme_streams_open", 0);
        awaitMetric("tme_streams_refused_total{reason=\"full\"}", 1);
    }

    /** Before, such a stream opened 200 and stayed silent for good. */
    @Test
    void aStreamOfAChannelThatDoesNotExist_is404_beforeItOpens() {
        HttpResponse<String> missing = server.get("/v1/stream?channels=durov,zzqxnonexistent");
        assertEquals(404, missing.statusCode());
        assertEquals("channel_not_found", TestServer.json(missing).getString("code"));
        assertEquals(1, server.tme.hits("/s/zzqxnonexistent"));
        try (SseClient known = new SseClient(server.server.actualPort(), "/v1/stream?channels=durov")) {
            assertEquals(200, known.response.statusCode());
        }
        assertEquals(404, server.get("/v1/stream?channels=zzqxnonexistent").statusCode());
        assertEquals(1, server.tme.hits("/s/zzqxnonexistent"), "the second refusal is answered from the stored 404");
        awaitMetric("tme_streams_open", 0);
    }
}
