package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every error status, in the one problem shape, through the real router and the fake t.me. */
class ErrorsTest {

    // A server per test: answers are cached, so each test starts cold.
    TestServer server;

    @BeforeEach
    void start() {
        // Long enough for a cold first request on a busy machine, short enough for the hang test.
        server = new TestServer(Map.of("TELEGRAM_TIMEOUT", "1500ms"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0} -> 422 naming {1}")
    @CsvSource({
        "/v1/body/ab, channel",
        "/v1/body/durov-chan, channel",
        "/v1/body/_durov, channel",
        "/v1/body/durov?position=0, position",
        "/v1/body/durov?position=10000001, position",
        "/v1/body/durov?position=abc, position",
        "/v1/more/durov/sideways/5, direction",
        "/v1/more/durov/after/0, position",
        "/v1/post/durov/notint, id",
        "/v1/post/durov/10000001, id",
        "/v1/preview/bad-name, channel",
    })
    void invalidInput_is422NamingTheParameter(String path, String parameter) {
        HttpResponse<String> response = server.get(path);
        assertProblem(response, 422, "invalid_parameter");
        assertEquals(parameter, TestServer.json(response).getString("parameter"));
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void largestPosition_isAccepted() {
        assertEquals(404, server.get("/v1/post/durov/10000000").statusCode());
        assertEquals(1, server.tme.hits("/s/durov/10000000"));
    }

    @ParameterizedTest(name = "previews body {0} -> 422")
    @CsvSource(delimiter = '|', value = {
        "[\"durov\"]|body",
        "{\"channels\":[]}|channels",
        "{}|channels",
        "{\"channels\":[1]}|channels[0]",
        "not json|body",
    })
    void previews_badBody_is422(String body, String parameter) {
        HttpResponse<String> response = server.post("/v1/previews", body);
        assertProblem(response, 422, "invalid_parameter");
        assertEquals(parameter, TestServer.json(response).getString("parameter"));
    }

    @Test
    void previews_moreThan100_is422() {
        StringBuilder names = new StringBuilder("{\"channels\":[");
        for (int i = 0; i < 101; i++) {
            names.append(i == 0 ? "" : ",").append("\"chan").append(i).append('"');
        }
        assertProblem(server.post("/v1/previews", names.append("]}").toString()), 422, "invalid_parameter");
    }

    @Test
    void previews_oversizedBody_is413() {
        String huge = "{\"channels\":[\"" + "a".repeat(70_000) + "\"]}";
        assertProblem(server.post("/v1/previews", huge), 413, "body_too_large");
    }

    @Test
    void unknownRoute_is404AndWrongMethod_is405WithAllow() {
        assertProblem(server.get("/v1/nothing"), 404, "route_not_found");
        HttpResponse<String> post = server.post("/v1/body/durov", "{}");
        assertProblem(post, 405, "method_not_allowed");
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
        HttpResponse<String> get = server.get("/v1/previews");
        assertProblem(get, 405, "method_not_allowed");
        assertEquals("POST", get.headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void badPercentEncoding_is400Problem() {
        String answer = server.raw("/v1/body/%zz");
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
        assertTrue(answer.contains("application/problem+json"), answer);
        assertTrue(answer.contains("\"code\":\"malformed_request\""), answer);
    }

    @Test
    void uriLongerThanTheDecoderTakes_is414Problem() {
        String answer = server.raw("/v1/body/" + "a".repeat(9_000));
        // The decoder gave up before reading the version, so Vert.x answers in HTTP/1.0.
        assertTrue(answer.startsWith("HTTP/1.0 414 "), answer);
        assertTrue(answer.contains("\"status\":414"), answer);
    }

    @Test
    void undecodableMoreAnswer_is502Anomaly_rememberedForTheErrorTtlOnly() {
        server.tme.respond("/s/durov", 200, "<html>not the JSON string t.me sends</html>", Map.of());
        assertProblem(server.get("/v1/more/durov/before/490"), 502, "upstream_anomaly");
        assertProblem(server.get("/v1/more/durov/before/490"), 502, "upstream_anomaly");
        // Within UPSTREAM_ERROR_TTL the failure is answered from memory; it is never stored (CacheExpiryTest).
        assertEquals(1, server.tme.hits("/s/durov?before=490"));
        assertEquals(1, Fleet.metric(server, "tme_coalescing_errors_remembered_total"));
        assertEquals(1, Fleet.metric(server, "tme_scrape_anomalies_total{kind=\"unknown_page\"}"));
    }

    @Test
    void redirectElsewhere_is502Anomaly() {
        server.tme.respond("/s/durov", 302, "", Map.of("Location", "https://example.com/captcha"));
        assertProblem(server.get("/v1/body/durov"), 502, "upstream_anomaly");
    }

    @Test
    void unknownChannel_is404OnEveryRoute() {
        assertProblem(server.get("/v1/body/zzqxnonexistent"), 404, "channel_not_found");
        assertProblem(server.get("/v1/post/zzqxnonexistent/5"), 404, "channel_not_found");
        assertProblem(server.get("/v1/more/zzqxnonexistent/before/5"), 404, "channel_not_found");
        assertProblem(server.get("/v1/preview/zzqxnonexistent"), 404, "channel_not_found");
    }

    @Test
    void missingPost_is404PostNotFound() {
        assertProblem(server.get("/v1/post/durov/484"), 404, "post_not_found");
    }

    @Test
    void pageWithoutChannelOrNotFoundMarker_is502Anomaly() {
        server.tme.respond("/s/durov", 200, "<html><body><div class=\"captcha\">Are you human?</div></body></html>", Map.of());
        assertProblem(server.get("/v1/body/durov"), 502, "upstream_anomaly");
    }

    @Test
    void upstreamError_is503WithRetryAfter() {
        server.tme.status(500);
        HttpResponse<String> response = server.get("/v1/body/durov");
        assertProblem(response, 503, "upstream_unavailable");
        assertEquals("5", response.headers().firstValue("Retry-After").orElseThrow());
    }

    @Test
    void upstreamThrottled_is503WithItsRetryAfter() {
        server.tme.throttle(Duration.ofSeconds(7));
        HttpResponse<String> response = server.get("/v1/body/durov");
        assertProblem(response, 503, "upstream_throttled");
        assertEquals("7", response.headers().firstValue("Retry-After").orElseThrow());
        assertEquals(7, TestServer.json(response).getInteger("retry_after"));
    }

    @Test
    void upstreamHang_is504() {
        server.tme.hang();
        assertProblem(server.get("/v1/body/durov"), 504, "upstream_timeout");
    }

    static void assertProblem(HttpResponse<String> response, int status, String code) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals("application/problem+json; charset=utf-8",
                response.headers().firstValue("Content-Type").orElseThrow());
        JsonObject problem = TestServer.json(response);
        assertEquals(status, problem.getInteger("status"));
        assertEquals(code, problem.getString("code"));
        assertTrue(problem.getString("detail").length() > 5, problem.encode());
    }
}
