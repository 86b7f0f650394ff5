package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every error kind in GraphQL's {@code errors[]}, with the REST meanings: {@code extensions.code} and
 * {@code status} as the REST problem's, {@code retryAfter} where REST sends a {@code Retry-After}, the field's path;
 * the query's other fields are answered.
 */
class GraphQLErrorsTest {

    static final String OFFSET = "{ meta { offset { before } } }";

    TestServer server = new TestServer(Map.of("TELEGRAM_TIMEOUT", "1500ms"));

    @AfterEach
    void stop() {
        server.tme.reset();
        server.close();
    }

    @Test
    void unknownChannel_isChannelNotFound404_asRest() {
        JsonObject error = onlyError("{ body(channel: \"zzqxnonexistent\") " + OFFSET + " }");
        assertError(error, "channel_not_found", 404, null);
        assertEquals("Channel @zzqxnonexistent does not exist or is not public", error.getString("message"));
        assertSameAsRest(error, "/v1/body/zzqxnonexistent");
    }

    @Test
    void missingPost_isPostNotFound404_asRest() {
        JsonObject error = onlyError("{ post(channel: \"durov\", id: 484) { id } }");
        assertError(error, "post_not_found", 404, null);
        assertEquals(List.of("post"), Gql.path(error));
        assertSameAsRest(error, "/v1/post/durov/484");
    }

    @ParameterizedTest(name = "{0} -> 422 naming {1}")
    @CsvSource(delimiter = '|', value = {
        "{ body(channel: \"durov-chan\") { meta { offset { before } } } }|channel|"
                + "channel must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a t.me link: \"durov-chan\"",
        "{ body(channel: \"durov\", position: 0) { meta { offset { before } } } }|position|"
                + "position must be an integer from 1 to 10000000: 0",
        "{ post(channel: \"durov\", id: 10000001) { id } }|id|id must be an integer from 1 to 10000000: 10000001",
        "{ more(channel: \"durov\", direction: after, position: 0) { meta { offset { after } } } }|position|"
                + "position must be an integer from 1 to 10000000: 0",
        "{ preview(channel: \"bad-name\") { channel { title } } }|channel|"
                + "channel must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a t.me link: \"bad-name\"",
    })
    void invalidArgument_is422NamingIt_andNothingReachesTme(String query, String argument, String message) {
        JsonObject error = onlyError(query);
        assertError(error, "invalid_parameter", 422, null);
        assertEquals(argument, Gql.extensions(error).getString("argument"));
        assertEquals(message, error.getString("message"));
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void anUnknownDirection_isAnInvalidQuery() {
        JsonObject error = onlyError("{ more(channel: \"durov\", direction: sideways, position: 5) " + OFFSET + " }");
        assertError(error, "invalid_query", 400, null);
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void tmeThrottles_isUpstreamThrottled503_withItsRetryAfter_asRest() {
        server.tme.throttle(Duration.ofSeconds(7));
        JsonObject error = onlyError("{ body(channel: \"durov\") " + OFFSET + " }");
        assertError(error, "upstream_throttled", 503, 7);
        assertSameAsRest(error, "/v1/body/durov");
    }

    @Test
    void tmeFails_isUpstreamUnavailable503_retryAfter5_asRest() {
        server.tme.status(500);
        JsonObject error = onlyError("{ body(channel: \"durov\") " + OFFSET + " }");
        assertError(error, "upstream_unavailable", 503, 5);
        assertEquals("t.me answered with status 500", error.getString("message"));
        assertSameAsRest(error, "/v1/body/durov");
    }

    @Test
    void tmeHangs_isUpstreamTimeout504_asRest() {
        server.tme.hang();
        JsonObject error = onlyError("{ body(channel: \"durov\") " + OFFSET + " }");
        assertError(error, "upstream_timeout", 504, null);
        assertEquals("t.me did not answer within 1500 ms", error.getString("message"));
        assertSameAsRest(error, "/v1/body/durov");
    }

    @Test
    void tmeSendsACaptcha_isUpstreamAnomaly502_asRest() {
        server.tme.respond("/s/durov", 200, "<html><body><div class=\"captcha\">Are you human?</div></body></html>", Map.of());
        JsonObject error = onlyError("{ body(channel: \"durov\") " + OFFSET + " }");
        assertError(error, "upstream_anomaly", 502, null);
        assertSameAsRest(error, "/v1/body/durov");
        assertEquals(1, server.tme.hits("/s/durov"));
    }

    @Test
    void fleetCoolingDown_isUpstreamCooldown503_withThePauseLeft_andSendsNothing() {
        server.tme.anyChannelAs("durov").throttle(Duration.ofSeconds(30));
        assertEquals(503, server.get("/v1/body/first").statusCode());
        long hits = server.tme.totalHits();

        JsonObject error = onlyError("{ body(channel: \"second\") " + OFFSET + " }");

        assertEquals("upstream_cooldown", Gql.extensions(error).getString("code"));
        assertEquals(503, Gql.extensions(error).getInteger("status"));
        int retryAfter = Gql.extensions(error).getInteger("retryAfter");
        assertTrue(retryAfter >= 1 && retryAfter <= 30, "retryAfter " + retryAfter);
        assertEquals(hits, server.tme.totalHits(), "nothing sent during the pause");
    }

    @Test
    void tooManyWaiting_isOverloaded503_withARetryAfter() throws InterruptedException {
        server.close();
        server = new TestServer(Map.of("MAX_WAITING_REQUESTS", "1", "TELEGRAM_TIMEOUT", "30s"));
        server.tme.holdRequests();
        CompletableFuture<HttpResponse<String>> waiting = CompletableFuture.supplyAsync(() -> server.get("/v1/body/durov"));
        assertTrue(server.tme.awaitHeld(1, FleetAwait.DEADLINE));

        JsonObject error = onlyError("{ body(channel: \"meduzalive\") " + OFFSET + " }");

        assertEquals("overloaded", Gql.extensions(error).getString("code"));
        assertEquals(503, Gql.extensions(error).getInteger("status"));
        assertTrue(Gql.extensions(error).getInteger("retryAfter") >= 1);
        assertEquals(0, server.tme.hits("/s/meduzalive"));
        server.tme.release();
        assertEquals(200, waiting.join().statusCode());
    }

    @Test
    void oneFieldFails_theOthersAreAnswered() {
        JsonObject answer = Gql.answer(Gql.post(server, "{ ok: body(channel: \"durov\") " + OFFSET
                + " missing: body(channel: \"zzqxnonexistent\") " + OFFSET + " }"));
        assertEquals(481, answer.getJsonObject("data").getJsonObject("ok").getJsonObject("meta").getJsonObject("offset")
                .getInteger("before"));
        assertNull(answer.getJsonObject("data").getValue("missing"));
        JsonObject error = Gql.error(answer);
        assertEquals(List.of("missing"), Gql.path(error));
        assertError(error, "channel_not_found", 404, null);
    }

    @Test
    void requestsTheEngineCannotRead_areProblems() {
        ErrorsTest.assertProblem(server.post("/graphql", "not json"), 400, "malformed_request");
        ErrorsTest.assertProblem(server.get("/graphql"), 400, "malformed_request");
        ErrorsTest.assertProblem(server.post("/graphql", "[{\"query\":\"{ __typename }\"}]"), 400, "malformed_request");
        ErrorsTest.assertProblem(server.send(server.request("/graphql").header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{ __typename }")).build()), 415, "unsupported_media_type");
        HttpResponse<String> put = server.send(server.request("/graphql").PUT(HttpRequest.BodyPublishers.noBody()).build());
        ErrorsTest.assertProblem(put, 405, "method_not_allowed");
        assertEquals("GET, POST", put.headers().firstValue("Allow").orElseThrow());
        ErrorsTest.assertProblem(server.post("/graphql", "{\"query\":\"" + "a".repeat(70_000) + "\"}"), 413, "body_too_large");
    }

    private JsonObject onlyError(String query) {
        JsonObject answer = Gql.answer(Gql.post(server, query));
        return Gql.error(answer);
    }

    private static void assertError(JsonObject error, String code, int status, Integer retryAfter) {
        JsonObject extensions = Gql.extensions(error);
        assertEquals(code, extensions.getString("code"), error.encode());
        assertEquals(status, extensions.getInteger("status"));
        if (retryAfter == null) {
            assertFalse(extensions.containsKey("retryAfter"), error.encode());
        } else {
            assertEquals(retryAfter, extensions.getInteger("retryAfter"));
        }
    }

    /** The REST answer for the same key (the same stored entry, or the same remembered failure) says the same. */
    private void assertSameAsRest(JsonObject error, String restPath) {
        long hits = server.tme.totalHits();
        HttpResponse<String> rest = server.get(restPath);
        JsonObject problem = TestServer.json(rest);
        JsonObject extensions = Gql.extensions(error);
        assertEquals(problem.getInteger("status"), rest.statusCode());
        assertEquals(problem.getString("code"), extensions.getString("code"));
        assertEquals(problem.getInteger("status"), extensions.getInteger("status"));
        assertEquals(problem.getString("detail"), error.getString("message"));
        assertEquals(problem.getInteger("retry_after"), extensions.getInteger("retryAfter"));
        assertEquals(rest.headers().firstValue("Retry-After").map(Integer::valueOf).orElse(null),
                extensions.getInteger("retryAfter"));
        assertEquals(hits, server.tme.totalHits(), "REST answered from what GraphQL's load left");
    }
}
