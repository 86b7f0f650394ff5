package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;
import tme.scraper.testing.FakeTme;

/**
 * Every answer's {@code X-Request-Id}, its access log line and, for an answer that waited for a load, its
 * {@code Server-Timing}: through the production server over loopback, the log's lines read from its sink.
 */
class RequestsTest {

    private static final Pattern OUR_ID = Pattern.compile("[0-9a-v]{8}-[0-9a-z]+");
    private static final Pattern MILLIS = Pattern.compile("\\d+\\.\\d{3}");

    final TestClock clock = new TestClock();
    final AccessLines lines = new AccessLines();
    TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.logging(Map.of(), clock, lines);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyAnswer_carriesItsOwnRequestId() {
        List<HttpResponse<String>> answers = List.of(
                server.get("/v1/body/durov"),                      // a miss
                server.get("/v1/body/durov"),                      // a hit
                server.get("/v1/body/ab"),                         // 422
                server.get("/v1/nothing"),                         // 404, no route
                server.post("/v1/body/durov", "{}"),               // 405
                server.post("/v1/previews", "{\"channels\":[\"durov\"]}"),
                server.get("/graphql?query=" + URLEncoder.encode("{ preview(channel: \"durov\") { channel { title } } }",
                        StandardCharsets.UTF_8)),
                server.get("/healthz"),
                server.get("/metrics"));
        Set<String> ids = new HashSet<>();
        for (HttpResponse<String> answer : answers) {
            String id = answer.headers().firstValue("X-Request-Id").orElseThrow(() -> new AssertionError(
                    "no X-Request-Id on " + answer.request().method() + " " + answer.uri() + " " + answer.statusCode()));
            assertTrue(OUR_ID.matcher(id).matches(), id);
            ids.add(id);
        }
        assertEquals(answers.size(), ids.size(), "each answer its own id: " + ids);
        assertEquals(List.of(200, 200, 422, 404, 405, 200, 200, 200, 200),
                answers.stream().map(HttpResponse::statusCode).toList());
    }

    @Test
    void aSaneClientId_isKept_anInsaneOneReplaced() {
        String sane = "edge-7f3a.b_c:1";
        assertEquals(sane, id(server.get("/v1/body/durov", "X-Request-Id", sane)));
        assertEquals("x".repeat(128), id(server.get("/healthz", "X-Request-Id", "x".repeat(128))));
        for (String insane : List.of("x".repeat(129), "has space", "semi;colon", "quote\"", "é")) {
            String answered = id(server.get("/healthz", "X-Request-Id", insane));
            assertNotEquals(insane, answered);
            assertTrue(OUR_ID.matcher(answered).matches(), answered);
        }
    }

    @Test
    void requestTheDecoderRefused_carriesAnId_andIsLogged() {
        String answer = server.raw("/v1/body/" + "a".repeat(9_000));
        assertTrue(answer.startsWith("HTTP/1.0 414 "), answer);
        String id = headerOf(answer, "x-request-id");
        assertTrue(OUR_ID.matcher(id).matches(), answer);
        String[] line = fields(lines.ofRequest(id));
        assertEquals("414", line[4]);
        assertEquals("-", line[5]);
    }

    @Test
    void cors_letsScriptsReadTheIdAndTheTimings() {
        HttpResponse<String> answer = server.get("/v1/body/durov", "Origin", "https://reader.example");
        assertEquals("*", answer.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
        String exposed = answer.headers().firstValue("Access-Control-Expose-Headers").orElseThrow();
        assertTrue(exposed.contains("X-Request-Id"), exposed);
        assertTrue(exposed.contains("Server-Timing"), exposed);
    }

    @Test
    void accessLog_aLineForAMissAHitAndAProblem_withEveryField() {
        HttpResponse<String> miss = server.get("/v1/body/durov");
        HttpResponse<String> hit = server.get("/v1/body/durov");
        HttpResponse<String> problem = server.get("/v1/more/durov/sideways/5");
        HttpResponse<String> graphql = server.post("/graphql", "{\"query\":\"{ preview(channel: \\\"durov\\\") { channel { title } } }\"}");
        assertLine(miss, "GET", "/v1/body/:channel", "200", "upstream");
        assertLine(hit, "GET", "/v1/body/:channel", "200", "L1");
        // The failure handler answered it (the route's handler threw InvalidInput): the template its path matches.
        assertLine(problem, "GET", "/v1/more/:channel/:direction/:position", "422", "-");
        assertLine(graphql, "POST", "/graphql", "200", "-");
    }

    @Test
    void accessLog_requestNoRouteTook_isLoggedByItsShortenedPath() {
        HttpResponse<String> answer = server.get("/v1/" + "z".repeat(100));
        String[] line = fields(lines.ofRequest(id(answer)));
        assertEquals("404", line[4]);
        assertEquals("/v1/" + "z".repeat(60) + "~", line[3]);
    }

    @Test
    void accessLog_aClientThatLeftBeforeTheAnswer_isLogged499() throws Exception {
        server.tme.holdRequests();
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.server.actualPort())) {
            socket.getOutputStream().write("GET /v1/body/durov HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            assertTrue(server.tme.awaitHeld(1, FleetAwait.DEADLINE), "the load reached t.me");
        } // the client goes away while the server waits for t.me
        String[] line = fields(lines.await(text -> text.contains(" /v1/body/:channel 499 ")));
        assertEquals("-", line[5]);
        assertEquals("0", line[7]);
        server.tme.release();
    }

    @Test
    void serverTiming_onAMiss_fromItsLoad_sameForAJoiner_noneOnAHit() throws Exception {
        Duration delay = Duration.ofMillis(300);
        server.tme.delay(delay).holdRequests();
        CompletableFuture<HttpResponse<String>> first = server.http().sendAsync(
                server.request("/v1/body/durov").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(server.tme.awaitHeld(1, FleetAwait.DEADLINE), "the load reached t.me");
        CompletableFuture<HttpResponse<String>> joiner = server.http().sendAsync(
                server.request("/v1/body/durov").GET().build(), HttpResponse.BodyHandlers.ofString());
        CacheHttp.awaitUntil("the second request joined the load",
                () -> CacheHttp.metric(server, "tme_coalescing_joins_total") == 1);
        server.tme.release();

        HttpResponse<String> loaded = first.get(20, java.util.concurrent.TimeUnit.SECONDS);
        HttpResponse<String> joined = joiner.get(20, java.util.concurrent.TimeUnit.SECONDS);
        String timing = loaded.headers().firstValue("Server-Timing").orElseThrow();
        Map<String, Double> steps = steps(timing);
        assertEquals(List.of("gate", "upstream", "parse", "render"), List.copyOf(steps.keySet()), timing);
        assertTrue(steps.get("upstream") >= delay.toMillis(), timing);
        assertTrue(steps.get("parse") > 0 && steps.get("render") > 0, timing);
        assertEquals(timing, joined.headers().firstValue("Server-Timing").orElseThrow(), "the joiner's numbers");
        assertEquals(1, server.tme.hits("/s/durov"));

        HttpResponse<String> hit = server.get("/v1/body/durov");
        assertEquals("L1", hit.headers().firstValue("X-Cache").orElseThrow());
        assertNull(hit.headers().firstValue("Server-Timing").orElse(null));
    }

    @Test
    void serverTiming_onAFailedLoad_too() {
        server.tme.status(500);
        HttpResponse<String> failed = server.get("/v1/body/durov");
        assertEquals(503, failed.statusCode());
        Map<String, Double> steps = steps(failed.headers().firstValue("Server-Timing").orElseThrow());
        assertEquals(List.of("gate", "upstream"), List.copyOf(steps.keySet()));
        // Remembered for UPSTREAM_ERROR_TTL: the next answer waited for no load, and says so by saying nothing.
        HttpResponse<String> remembered = server.get("/v1/body/durov");
        assertEquals(503, remembered.statusCode());
        assertFalse(remembered.headers().firstValue("Server-Timing").isPresent());
    }

    /**
     * SIGTERM's path ({@code Running.stop}): the servers are undeployed, letting a request in flight end, before
     * Vert.x runs its close hooks, so that request's line is still written (closing first lost it).
     */
    @Test
    void aRequestEndingWhileTheServerStops_stillGetsItsLine() throws Exception {
        // The fake on a Vert.x of its own: it must outlive the server it answers.
        Vertx fakeVertx = Vertx.vertx();
        FakeTme tme = FakeTme.start(fakeVertx);
        TestServer stopping = new TestServer(Vertx.vertx(), Map.of(), clock, tme, lines);
        try {
            tme.holdRequests();
            CompletableFuture<HttpResponse<String>> inFlight = stopping.http().sendAsync(
                    stopping.request("/v1/body/durov").GET().build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(tme.awaitHeld(1, FleetAwait.DEADLINE), "the load reached t.me");
            var stopped = stopping.running.stop(stopping.vertx);
            tme.release();

            assertEquals(200, inFlight.join().statusCode());
            TestServer.await(stopped);
            assertLine(inFlight.join(), "GET", "/v1/body/:channel", "200", "upstream");
        } finally {
            stopping.close();
            tme.close();
            TestServer.await(fakeVertx.close());
        }
    }

    private void assertLine(HttpResponse<String> answer, String method, String route, String status, String level) {
        String[] line = fields(lines.ofRequest(id(answer)));
        assertEquals(9, line.length, String.join(" ", line));
        assertEquals("2025-03-01T12:00:00.000Z", line[0]); // the injected clock
        assertEquals(method, line[2]);
        assertEquals(route, line[3]);
        assertEquals(status, line[4]);
        assertEquals(level, line[5]);
        assertTrue(MILLIS.matcher(line[6]).matches(), line[6]);
        assertEquals(Integer.toString(answer.body().getBytes(StandardCharsets.UTF_8).length), line[7]);
        assertEquals("127.0.0.1", line[8]);
    }

    private static String[] fields(String line) {
        return line.split(" ");
    }

    private static String id(HttpResponse<?> answer) {
        return answer.headers().firstValue("X-Request-Id").orElseThrow();
    }

    /** {@code gate;dur=0.041, upstream;dur=301.2} as names and milliseconds, in order. */
    static Map<String, Double> steps(String serverTiming) {
        Map<String, Double> steps = new LinkedHashMap<>();
        for (String step : serverTiming.split(", ")) {
            String[] parts = step.split(";dur=");
            assertEquals(2, parts.length, serverTiming);
            assertTrue(MILLIS.matcher(parts[1]).matches(), serverTiming);
            steps.put(parts[0], Double.parseDouble(parts[1]));
        }
        return steps;
    }

    private static String headerOf(String rawAnswer, String name) {
        for (String line : rawAnswer.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith(name + ":")) {
                return line.substring(name.length() + 1).strip();
            }
        }
        throw new AssertionError("no " + name + " in " + rawAnswer);
    }
}
