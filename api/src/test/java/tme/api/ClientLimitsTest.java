package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * The per-client limit through the production server: 429 in the problem shape with {@code Retry-After} and the
 * CORS headers, per client as a trusted proxy names it, never for health, metrics or docs, and never a t.me request
 * for a refused one. Time is a {@link TestClock}: "quick" requests are requests at one instant.
 */
class ClientLimitsTest {

    private static final String A = "203.0.113.7";
    private static final String B = "198.51.100.9";
    private static final String ORIGIN = "https://reader.example";

    final TestClock clock = new TestClock();
    final AccessLines lines = new AccessLines();
    TestServer server;

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void thirdQuickRequest_is429WithRetryAfterAndCors_whileAnotherClientIsServed() {
        behindTrustedProxy();
        assertEquals(200, fromA("/v1/body/durov").statusCode());
        assertEquals(200, fromA("/v1/body/durov").statusCode());
        long tmeRequests = server.tme.totalHits();

        HttpResponse<String> refused = fromA("/v1/body/durov");
        assertEquals(429, refused.statusCode());
        assertEquals("1", refused.headers().firstValue("Retry-After").orElseThrow()); // a token every 0.5 s
        assertEquals("*", refused.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
        assertEquals("no-store", refused.headers().firstValue("Cache-Control").orElseThrow());
        assertTrue(refused.headers().firstValue("X-Request-Id").isPresent());
        JsonObject problem = TestServer.json(refused);
        assertEquals(429, problem.getInteger("status"));
        assertEquals("Too Many Requests", problem.getString("title"));
        assertEquals("client_rate_limited", problem.getString("code"));
        assertEquals(1, problem.getInteger("retry_after"));
        assertTrue(refused.headers().firstValue("Content-Type").orElseThrow().startsWith("application/problem+json"));

        assertEquals(200, from(B, "/v1/body/durov").statusCode());
        assertEquals(429, fromA("/v1/preview/durov").statusCode()); // the limit is per client, not per route
        assertEquals(tmeRequests, server.tme.totalHits(), "no t.me request for a refused one");
        assertEquals(2, CacheHttp.metric(server, "tme_clients_limited_total"));
        assertEquals(2, CacheHttp.metric(server, "tme_clients_tracked"));

        String[] line = lines.ofRequest(refused.headers().firstValue("X-Request-Id").orElseThrow()).split(" ");
        assertEquals("429", line[4]);
        assertEquals(A, line[8], "the log names the client the proxy named");
    }

    @Test
    void refusedRequest_neverReachesTmeEvenOnAMiss() {
        behindTrustedProxy();
        fromA("/v1/nothing"); // a 404 takes a token like any other request
        fromA("/v1/nothing");
        HttpResponse<String> refused = fromA("/v1/body/meduzalive");
        assertEquals(429, refused.statusCode());
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void exemptRoutes_areNeverLimited_andTakeNoToken() {
        behindTrustedProxy();
        for (int i = 0; i < 10; i++) {
            assertEquals(200, fromA("/healthz").statusCode());
            assertEquals(200, fromA("/metrics").statusCode());
            assertEquals(200, fromA("/readyz").statusCode());
            assertEquals(200, fromA("/graphiql/").statusCode());
        }
        assertEquals(200, fromA("/v1/body/durov").statusCode());
        assertEquals(200, fromA("/v1/body/durov").statusCode());
        assertEquals(429, fromA("/v1/body/durov").statusCode());
    }

    @Test
    void aTokenComesBack_whenRetryAfterSaid() {
        behindTrustedProxy();
        fromA("/v1/body/durov");
        fromA("/v1/body/durov");
        assertEquals(429, fromA("/v1/body/durov").statusCode());
        clock.advance(Duration.ofMillis(499));
        assertEquals(429, fromA("/v1/body/durov").statusCode());
        clock.advance(Duration.ofMillis(1));
        assertEquals(200, fromA("/v1/body/durov").statusCode());
        assertEquals(429, fromA("/v1/body/durov").statusCode());
    }

    @Test
    void defaultBurst_isTwiceTheRate() {
        start(Map.of("CLIENT_RATE", "2", "TRUSTED_PROXIES", "127.0.0.1"));
        for (int i = 0; i < 4; i++) {
            assertEquals(200, fromA("/v1/body/durov").statusCode(), "request " + (i + 1));
        }
        assertEquals(429, fromA("/v1/body/durov").statusCode());
    }

    @Test
    void untrustedPeer_spoofedHeadersAreIgnored_oneClientWhateverTheyName() {
        start(Map.of("CLIENT_RATE", "2", "CLIENT_BURST", "2"));
        assertEquals(200, from(A, "/v1/body/durov").statusCode());
        assertEquals(200, server.get("/v1/body/durov", "CF-Connecting-IP", B).statusCode());
        HttpResponse<String> refused = from("192.0.2.1", "/v1/body/durov");
        assertEquals(429, refused.statusCode());
        String[] line = lines.ofRequest(refused.headers().firstValue("X-Request-Id").orElseThrow()).split(" ");
        assertEquals("127.0.0.1", line[8]);
    }

    @Test
    void noClientRate_noLimit() {
        start(Map.of("TRUSTED_PROXIES", "127.0.0.1"));
        for (int i = 0; i < 30; i++) {
            assertEquals(200, fromA("/v1/body/durov").statusCode());
        }
        assertEquals(0, CacheHttp.metric(server, "tme_clients_limited_total"));
    }

    /** CLIENT_RATE=2, CLIENT_BURST=2 behind a proxy on loopback, which names the client in X-Forwarded-For. */
    private void behindTrustedProxy() {
        start(Map.of("CLIENT_RATE", "2", "CLIENT_BURST", "2", "TRUSTED_PROXIES", "127.0.0.1/32, ::1"));
    }

    private void start(Map<String, String> env) {
        server = TestServer.logging(env, clock, lines);
    }

    private HttpResponse<String> fromA(String path) {
        return from(A, path);
    }

    private HttpResponse<String> from(String client, String path) {
        return server.get(path, "X-Forwarded-For", client + ", 127.0.0.1", "Origin", ORIGIN);
    }
}
