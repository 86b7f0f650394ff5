package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;
import tme.scraper.testing.FakeTme;
import tme.scraper.testing.Surprises;

/**
 * Real answers of every route validate against the served OpenAPI document (vertx-openapi's response validator:
 * status, headers, body; see {@link ApiContract}): hits and misses, HEAD and 304, codings, not-found and 422s, 405s
 * and unknown paths, upstream failures and stale answers, previews with per-entry errors, GraphQL, health,
 * readiness (ready, degraded, stopping), metrics in both formats, the docs.
 * Each answer is also checked to be the case it stands for (its status, its {@code X-Cache}), so a case cannot
 * pass by being another. The production server runs in front of the fake t.me; a server per test, as answers are
 * cached and the fake's knobs are the test's own.
 */
class OpenApiValidationTest {

    private static Vertx validating;
    private static ApiContract contract;

    private TestServer server;
    private Calls calls;

    @BeforeAll
    static void readTheServedDocument() {
        validating = Vertx.vertx();
        try (TestServer serving = new TestServer()) {
            contract = ApiContract.of(validating,
                    new JsonObject(serving.get("/openapi.json").body()));
        }
    }

    @AfterAll
    static void closeValidator() {
        TestServer.await(validating.close());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void start(Map<String, String> env) {
        server = new TestServer(env);
        calls = new Calls(server);
    }

    private void start() {
        start(Map.of());
    }

    /** Sends, validates and returns the answer. */
    private HttpAnswer checked(String method, String path, int status, String... headers) {
        HttpAnswer answer = Codings.decoded(calls.send(method, path, null, null, headers));
        assertEquals(status, answer.status(), method + " " + path + ": " + answer);
        contract.validate(method, path, answer);
        return answer;
    }

    private HttpAnswer checkedPost(String path, String contentType, String body, int status) {
        HttpAnswer answer = calls.post(path, contentType, body);
        assertEquals(status, answer.status(), "POST " + path + " " + body + ": " + answer);
        contract.validate("POST", path, answer);
        return answer;
    }

    @Test
    void body_miss_hit_notModified_head_andCodings() {
        start();
        assertEquals("upstream", checked("GET", "/v1/body/durov", 200).header("X-Cache").orElseThrow());
        HttpAnswer hit = checked("GET", "/v1/body/durov", 200);
        assertEquals("L1", hit.header("X-Cache").orElseThrow());
        String etag = hit.header("ETag").orElseThrow();
        checked("GET", "/v1/body/durov", 304, "If-None-Match", etag);
        assertEquals(0, checked("HEAD", "/v1/body/durov", 200).body().length);
        checked("HEAD", "/v1/body/durov", 304, "If-None-Match", etag);
        assertEquals("zstd", checked("GET", "/v1/body/durov", 200, "Accept-Encoding", "zstd")
                .header("Content-Encoding").orElseThrow());
        // The gzip copy is made off the event loop: identity until then, gzip after; either is as documented.
        checked("GET", "/v1/body/durov", 200, "Accept-Encoding", "gzip");
        checked("GET", "/v1/body/durov?position=490", 200);
    }

    @Test
    void body_andEveryPost_ofEveryRecordedChannel() {
        start();
        for (String channel : List.of("durov", "meduzalive", "topwar_official", "demo_empty")) {
            HttpAnswer body = checked("GET", "/v1/body/" + channel, 200);
            for (Object post : body.json().getJsonObject("content").getJsonArray("posts")) {
                checked("GET", "/v1/post/" + channel + "/" + ((JsonObject) post).getInteger("id"), 200);
            }
        }
    }

    @Test
    void more_post_preview_andTheirInvalidInput() {
        start();
        checked("GET", "/v1/more/durov/before/490", 200);
        checked("GET", "/v1/more/durov/after/490", 200);
        checked("HEAD", "/v1/more/durov/after/490", 200);
        checked("GET", "/v1/post/durov/484", 404);
        checked("GET", "/v1/preview/durov", 200);
        checked("HEAD", "/v1/preview/durov", 200);
        for (String path : List.of("/v1/body/ab", "/v1/body/durov-chan", "/v1/body/durov?position=0",
                "/v1/body/durov?position=10000001", "/v1/more/durov/sideways/5", "/v1/more/durov/after/0",
                "/v1/more/ab/after/5", "/v1/post/durov/notint", "/v1/post/ab/5", "/v1/preview/bad-name")) {
            checked("GET", path, 422);
            checked("HEAD", path, 422);
        }
        assertEquals(0, server.tme.hits("/s/ab"));
    }

    @Test
    void unknownChannel_isACached404_onEveryRoute() {
        start();
        for (String path : List.of("/v1/body/zzqxnonexistent", "/v1/post/zzqxnonexistent/5",
                "/v1/more/zzqxnonexistent/before/5", "/v1/preview/zzqxnonexistent")) {
            checked("GET", path, 404);
            assertEquals("L1", checked("GET", path, 404).header("X-Cache").orElseThrow(), path);
            checked("HEAD", path, 404);
        }
    }

    @Test
    void previews_entriesAndErrors_andRefusedBodies() {
        start();
        JsonObject mixed = checkedPost("/v1/previews", "application/json",
                "{\"channels\":[\"durov\",\" DUROV \",\"zzqxnonexistent\"]}", 200).json();
        assertEquals("channel_not_found", mixed.getJsonObject("zzqxnonexistent").getJsonObject("error").getString("code"));
        checkedPost("/v1/previews", "application/x-www-form-urlencoded", "{\"channels\":[\"durov\"]}", 200);
        for (String body : List.of("not json", "[\"durov\"]", "{}", "{\"channels\":[]}", "{\"channels\":[\"durov\",1]}",
                "{\"channels\":[\"durov\",\"bad-name\"]}", "")) {
            checkedPost("/v1/previews", "application/json", body, 422);
        }
        checkedPost("/v1/previews", "application/json", "{\"channels\":[\"" + "a".repeat(70_000) + "\"]}", 413);
    }

    @Test
    void upstreamFailing_is503WithRetryAfter_andAnErrorEntryInPreviews() {
        start();
        server.tme.status(500);
        checked("GET", "/v1/body/durov", 503);
        checked("HEAD", "/v1/post/durov/495", 503);
        checked("GET", "/v1/preview/durov", 503);
        JsonObject previews = checkedPost("/v1/previews", "application/json", "{\"channels\":[\"telegram\"]}", 200)
                .json();
        assertEquals(503, previews.getJsonObject("telegram").getJsonObject("error").getInteger("status"));
    }

    @Test
    void upstreamThrottling_is503_thenTheFleetsCooldown() {
        start();
        server.tme.throttle(Duration.ofSeconds(7));
        assertEquals("upstream_throttled", checked("GET", "/v1/body/durov", 503).json().getString("code"));
        assertEquals("upstream_cooldown", checked("GET", "/v1/more/telegram/before/5", 503).json().getString("code"));
    }

    @Test
    void upstreamAnomaly_is502() {
        start();
        server.tme.respond("/s/durov", 200, Surprises.captchaPage(), Map.of());
        checked("GET", "/v1/body/durov", 502);
    }

    @Test
    void upstreamHanging_is504() {
        start(Map.of("TELEGRAM_TIMEOUT", "300ms"));
        server.tme.hang();
        checked("GET", "/v1/preview/durov", 504);
    }

    @Test
    void pastItsFreshness_theLastGoodAnswerIsStale() {
        TestClock clock = new TestClock();
        server = new TestServer(Map.of("CACHE_TTL_LATEST", "2s"), clock, null);
        calls = new Calls(server);
        checked("GET", "/v1/body/durov", 200);
        clock.advance(Duration.ofSeconds(3));
        server.tme.status(500);
        assertEquals("STALE", checked("GET", "/v1/body/durov", 200).header("X-Cache").orElseThrow());
    }

    @Test
    void graphql_getAndPost_dataErrorsAndRefusals() {
        start();
        String query = "{ body(channel: \"durov\") { meta { offset { before } } } preview(channel: \"durov\") "
                + "{ channel { title } } }";
        HttpAnswer get = checked("GET", "/graphql?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8), 200);
        assertTrue(get.header("Cache-Control").orElseThrow().startsWith("public, max-age="), get.toString());
        String partial = "{ previews(channels: [\"durov\", \"zzqxnonexistent\"]) { channel { title } } }";
        JsonObject errors = checkedPost("/graphql", "application/json", new JsonObject().put("query", partial).encode(),
                200).json();
        assertEquals("channel_not_found", errors.getJsonArray("errors").getJsonObject(0).getJsonObject("extensions")
                .getString("code"));
        checkedPost("/graphql", "application/graphql", "{ preview(channel: \"durov\") { channel { title } } }", 200);
        checkedPost("/graphql", "application/json", "{\"query\": \"{ body(channel: \\\"durov\\\") { id } }\"}", 200);
        checked("GET", "/graphql", 400);
        checkedPost("/graphql", "application/json", "[{\"query\": \"{ __typename }\"}]", 400);
        checkedPost("/graphql", "text/plain", "{ __typename }", 415);
        checkedPost("/graphql", "application/json", "{\"query\": \"" + "x".repeat(70_000) + "\"}", 413);
    }

    @Test
    void graphiql_redirectAndPage() {
        start();
        assertEquals("/graphiql/", checked("GET", "/graphiql", 302).header("Location").orElseThrow());
        HttpAnswer page = checked("GET", "/graphiql/index.html", 200);
        assertEquals(new String(page.body(), StandardCharsets.UTF_8),
                new String(calls.send("GET", "/graphiql/", null, null).body(), StandardCharsets.UTF_8),
                "the page the redirect leads to");
    }

    @Test
    void operations_health_readiness_andMetricsInBothFormats() {
        start();
        checked("GET", "/healthz", 200);
        checked("HEAD", "/healthz", 200);
        assertEquals("ready", checked("GET", "/readyz", 200).json().getString("status"));
        checked("HEAD", "/readyz", 200);
        assertTrue(checked("GET", "/metrics", 200).text().contains("# TYPE "));
        assertTrue(checked("GET", "/metrics", 200, "Accept", "application/openmetrics-text").text().endsWith("# EOF\n"));
        checked("HEAD", "/metrics", 200);
    }

    @Test
    void readyz_degradedWhileTmeCoolsUsDown_503WhileStopping() {
        // The fake on a Vert.x of its own: stopping closes the server's.
        Vertx fakeVertx = Vertx.vertx();
        FakeTme tme = FakeTme.start(fakeVertx);
        try {
            // The drain runs on a real timer, and stopping waits it out: long enough for the calls below on busy
            // cores, no longer, as the test waits for all of it.
            server = new TestServer(Map.of("SHUTDOWN_DRAIN", "5s"), InstantSource.system(), tme);
            calls = new Calls(server);
            tme.throttle(Duration.ofSeconds(30));
            checked("GET", "/v1/body/durov", 503);
            assertEquals("cooling_down", checked("GET", "/readyz", 200).json().getString("upstream"));
            Future<Void> closing = server.running.stop(server.vertx); // what SIGTERM does
            CacheHttp.awaitUntil("/readyz answers 503", () -> calls.get("/readyz").status() == 503);
            assertEquals("stopping", checked("GET", "/readyz", 503).json().getString("status"));
            checked("HEAD", "/readyz", 503);
            assertFalse(closing.isComplete(), "answered within the drain");
            TestServer.await(closing);
            server = null;
        } finally {
            tme.close();
            TestServer.await(fakeVertx.close());
        }
    }

    @Test
    void theDocument_theDocsPage_andHome() {
        start();
        for (String path : List.of("/openapi.json", "/docs")) {
            String etag = checked("GET", path, 200).header("ETag").orElseThrow();
            checked("HEAD", path, 200);
            checked("GET", path, 304, "If-None-Match", etag);
        }
        checked("GET", "/docs/", 200);
        checked("GET", "/", 200);
        checked("GET", "/?channels=durov", 200);
        checked("HEAD", "/", 200);
    }

    @Test
    void anyPath_unknownPathsOtherMethodsAndUnreadableRequests() {
        start();
        checked("GET", "/v1/nothing", 404);
        checked("GET", "/v1/body/durov/extra", 404);
        checked("POST", "/v1/body/durov", 405);
        checked("GET", "/v1/previews", 405);
        checked("PUT", "/openapi.json", 405);
        checked("POST", "/docs", 405);
        checked("DELETE", "/", 405);
        checked("HEAD", "/graphql", 405);
        HttpAnswer badEncoding = calls.raw("/v1/body/%zz");
        assertEquals(400, badEncoding.status(), badEncoding.toString());
        contract.validate("GET", "/v1/body/%zz", badEncoding);
        HttpAnswer tooLong = calls.raw("/v1/body/" + "a".repeat(9_000));
        assertEquals(414, tooLong.status(), tooLong.toString());
        contract.validate("GET", "/v1/body/x", tooLong);
        assertEquals(0, server.tme.totalHits());
    }
}
