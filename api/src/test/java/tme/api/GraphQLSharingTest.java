package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tme.api.render.DecodedCopies;

/**
 * GraphQL and REST over the same services: a page asked for both ways is loaded from t.me once, rendered once and
 * stored once, whichever asks first, and the GraphQL answer holds the REST JSON's values for every field.
 */
class GraphQLSharingTest {

    /** Each REST route, the same question in GraphQL, and the one t.me request both need. */
    enum Route {
        BODY("/v1/body/durov", "body(channel: \"durov\") " + GqlSelections.BODY, "/s/durov"),
        BODY_AT("/v1/body/durov?position=490", "body(channel: \"durov\", position: 490) " + GqlSelections.BODY,
                "/s/durov/490"),
        POST("/v1/post/durov/495", "post(channel: \"durov\", id: 495) " + GqlSelections.POST, "/s/durov/495"),
        MORE("/v1/more/durov/before/490", "more(channel: \"durov\", direction: before, position: 490) "
                + GqlSelections.MORE, "/s/durov?before=490"),
        PREVIEW("/v1/preview/durov", "preview(channel: \"durov\") " + GqlSelections.PREVIEW, "/durov");

        final String rest;
        final String field;
        final String upstream;

        Route(String rest, String field, String upstream) {
            this.rest = rest;
            this.field = field;
            this.upstream = upstream;
        }

        String query() {
            return "{ answer: " + field + " }";
        }
    }

    final TestServer server = new TestServer(Map.of());

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Route.class)
    void restFirst_thenGraphQL_oneLoadOneEntry_sameValues(Route route) {
        HttpResponse<String> rest = server.get(route.rest);
        JsonObject graphql = Gql.data(server, route.query()).getJsonObject("answer");

        assertEquals("upstream", rest.headers().firstValue("X-Cache").orElseThrow());
        assertOneLoad(route);
        assertKeptFromItsKeepAtRead(route);
        assertDecodedCopyHeld(rest);
        assertSameAsRest(graphql, TestServer.json(rest), "answer");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Route.class)
    void graphQLFirst_thenRest_oneLoadOneEntry_sameValues(Route route) {
        JsonObject graphql = Gql.data(server, route.query()).getJsonObject("answer");
        HttpResponse<String> rest = server.get(route.rest);

        assertEquals("L1", rest.headers().firstValue("X-Cache").orElseThrow(), "REST serves the entry GraphQL's load stored");
        assertOneLoad(route);
        assertKeptFromItsKeepAtRead(route);
        assertDecodedCopyHeld(rest);
        assertSameAsRest(graphql, TestServer.json(rest), "answer");
    }

    @Test
    void graphQLAndRestAtOnce_shareTheLoadInFlight() throws InterruptedException {
        server.tme.holdRequests();
        CompletableFuture<HttpResponse<String>> rest = CompletableFuture.supplyAsync(() -> server.get("/v1/body/durov"));
        assertTrue(server.tme.awaitHeld(1, FleetAwait.DEADLINE), "REST's load reached t.me");
        CompletableFuture<HttpResponse<String>> graphql = server.postAsync("/graphql",
                new JsonObject().put("query", Route.BODY.query()).encode());
        FleetAwait.until("GraphQL joins REST's load", () -> Fleet.metric(server, "tme_coalescing_joins_total") == 1,
                () -> "coalesced " + Fleet.metric(server, "tme_coalescing_joins_total"));
        server.tme.release();

        assertEquals(200, rest.join().statusCode());
        JsonObject answer = Gql.answer(graphql.join()).getJsonObject("data").getJsonObject("answer");
        assertEquals(1, server.tme.hits("/s/durov"));
        assertEquals(1, Fleet.metric(server, "tme_coalescing_loads_total"));
        assertSameAsRest(answer, TestServer.json(rest.join()), "answer");
    }

    @Test
    void body_values_areTheRecordedPagesOwn() {
        JsonObject body = Gql.data(server, Route.BODY.query()).getJsonObject("answer");
        assertEquals("durov", body.getJsonObject("channel").getString("username"));
        assertEquals("10.1M", body.getJsonObject("channel").getJsonObject("counters").getString("subscribers"));
        JsonArray posts = body.getJsonObject("content").getJsonArray("posts");
        assertEquals(20, posts.size());
        assertEquals(481, posts.getJsonObject(0).getInteger("id"));
        assertEquals(1777996004L, posts.getJsonObject(19).getJsonObject("footer").getJsonObject("date").getLong("unix"));
        assertEquals(481, body.getJsonObject("meta").getJsonObject("offset").getInteger("before"));
        assertNull(body.getJsonObject("meta").getJsonObject("offset").getValue("after"), "absent in REST, null here");
    }

    /** One t.me request, one load (so one parse and one render) and one decoding for the two front ends. */
    private void assertOneLoad(Route route) {
        assertEquals(1, server.tme.hits(route.upstream));
        assertEquals(1, server.tme.totalHits());
        assertEquals(1, Fleet.metric(server, "tme_coalescing_loads_total"));
        assertEquals(1, Fleet.metric(server, "tme_graphql_decoded_total"));
    }

    /** Read {@code KEEP_AT} times, the value is decoded that often, then kept: later reads decode nothing. */
    private void assertKeptFromItsKeepAtRead(Route route) {
        for (int read = 2; read <= DecodedCopies.KEEP_AT + 2; read++) {
            Gql.data(server, route.query());
            assertEquals((long) Math.min(read, DecodedCopies.KEEP_AT), Fleet.metric(server, "tme_graphql_decoded_total"),
                    "decodes after read " + read);
        }
    }

    /** The one decoded copy is accounted at 3 bytes of heap per byte of the answer's JSON, plus its entry's 160. */
    private void assertDecodedCopyHeld(HttpResponse<String> rest) {
        long expected = 3L * rest.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 160;
        // Caffeine weighs an async entry once its decoding completes, in its own maintenance: awaited, not raced.
        FleetAwait.until("the decoded copy is weighed", () -> Fleet.metric(server,
                "tme_graphql_decoded_copies_bytes") == expected, () -> "held " + Fleet.metric(server,
                "tme_graphql_decoded_copies_bytes") + ", expected " + expected);
    }

    /**
     * Every field GraphQL answered holds REST's value for it; a null is a field REST leaves out. Lists have the same
     * length and order.
     */
    static void assertSameAsRest(Object graphql, Object rest, String path) {
        if (graphql == null) {
            assertNull(rest, path + ": null in GraphQL, present in REST");
        } else if (graphql instanceof JsonObject object) {
            JsonObject restObject = assertType(JsonObject.class, rest, path);
            assertFalse(object.isEmpty(), path + ": nothing selected");
            for (String field : object.fieldNames()) {
                assertSameAsRest(object.getValue(field), restObject.getValue(field), path + "." + field);
            }
        } else if (graphql instanceof JsonArray array) {
            JsonArray restArray = assertType(JsonArray.class, rest, path);
            assertEquals(restArray.size(), array.size(), path + ": length");
            for (int i = 0; i < array.size(); i++) {
                assertSameAsRest(array.getValue(i), restArray.getValue(i), path + "[" + i + "]");
            }
        } else if (graphql instanceof Number number) {
            Number restNumber = assertType(Number.class, rest, path);
            assertEquals(restNumber.doubleValue(), number.doubleValue(), path);
        } else {
            assertEquals(rest, graphql, path);
        }
    }

    private static <T> T assertType(Class<T> type, Object value, String path) {
        assertTrue(type.isInstance(value), path + ": REST has " + value + ", not a " + type.getSimpleName());
        return type.cast(value);
    }
}
