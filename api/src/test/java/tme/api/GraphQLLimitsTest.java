package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Depth, size and cost limits refuse an over-limit query whole, with the documented {@code extensions.code}, before
 * any field runs (no t.me request); a query right at each limit passes. Introspection is held to graphql-java's
 * good-faith limits, not to the depth limit, so GraphiQL's own introspection query works.
 */
class GraphQLLimitsTest {

    static final int MAX_DEPTH = 4;
    static final int MAX_COST = 3;
    static final int MAX_TOKENS = 60;
    static final Map<String, String> LIMITS = Map.of("GRAPHQL_MAX_DEPTH", Integer.toString(MAX_DEPTH),
            "GRAPHQL_MAX_COST", Integer.toString(MAX_COST), "GRAPHQL_MAX_TOKENS", Integer.toString(MAX_TOKENS));

    TestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void depth_atTheLimitPasses_oneLevelMoreIsRefusedBeforeTme() {
        server = new TestServer(LIMITS);
        // body, channel, title, string: 4 levels.
        JsonObject atLimit = Gql.data(server, "{ body(channel: \"durov\") { channel { title { string } } } }");
        assertEquals("Pavel Durov", atLimit.getJsonObject("body").getJsonObject("channel").getJsonObject("title")
                .getString("string"));
        server.tme.resetHits();

        JsonObject refused = Gql.answer(Gql.post(server,
                "{ body(channel: \"meduzalive\") { content { posts { footer { views } } } } }"));

        assertRefused(refused, "query_too_deep", "The query is 5 levels deep; at most 4 are allowed");
        assertEquals(1, Fleet.metric(server, "tme_graphql_refused_total{limit=\"depth\"}"));
    }

    @Test
    void cost_atTheLimitPasses_oneLoadMoreIsRefusedBeforeTme() {
        server = new TestServer(LIMITS);
        server.tme.anyChannelAs("durov");
        JsonObject atLimit = Gql.data(server, "{ a: preview(channel: \"durov\") { channel { title } }"
                + " b: previews(channels: [\"chan01\", \"chan02\"]) { channel { title } } }");
        assertEquals(2, atLimit.getJsonArray("b").size());
        assertEquals(3, server.tme.totalHits());
        server.tme.resetHits();

        JsonObject refused = Gql.answer(Gql.post(server, "{ body(channel: \"chan09\") { meta { offset { before } } }"
                + " previews(channels: [\"chan03\", \"chan04\", \"chan05\"]) { channel { title } } }"));

        assertRefused(refused, "query_too_costly", "The query may load 4 pages from t.me; at most 3 are allowed");
        assertEquals(1, Fleet.metric(server, "tme_graphql_refused_total{limit=\"cost\"}"));
    }

    @Test
    void cost_countsNamesGivenInVariables() {
        server = new TestServer(LIMITS);
        JsonObject refused = Gql.answer(Gql.post(server,
                "query Cards($names: [String!]!) { previews(channels: $names) { channel { title } } }",
                new JsonObject().put("names", new JsonArray().add("chan01").add("chan02").add("chan03").add("chan04"))));

        assertRefused(refused, "query_too_costly", "The query may load 4 pages from t.me; at most 3 are allowed");
    }

    @Test
    void size_atTheTokenLimitPasses_oneTokenMoreIsRefusedBeforeTme() {
        server = new TestServer(LIMITS);
        // 13 tokens around the usernames, one per username, and the end of the document: 60 with 46 usernames.
        JsonObject atLimit = Gql.data(server, usernames(46));
        assertEquals("durov", atLimit.getJsonObject("body").getJsonObject("channel").getString("username"));
        server.tme.resetHits();

        JsonObject refused = Gql.answer(Gql.post(server, usernames(47)));

        assertRefused(refused, "query_too_large", "More than 60 'grammar' tokens have been presented."
                + " To prevent Denial Of Service attacks, parsing has been cancelled.");
        assertEquals(1, Fleet.metric(server, "tme_graphql_refused_total{limit=\"size\"}"));
    }

    @Test
    void graphiqlsIntrospectionQuery_passesTheDefaultLimits_andADepthLimitBelowIt() {
        for (Map<String, String> env : List.of(Map.<String, String>of(), Map.of("GRAPHQL_MAX_DEPTH", "4"))) {
            try (TestServer introspected = new TestServer(env)) {
                JsonObject schema = Gql.data(introspected, resource("graphiql-introspection.graphql"))
                        .getJsonObject("__schema");
                assertEquals("Query", schema.getJsonObject("queryType").getString("name"));
                assertTrue(schema.getJsonArray("types").stream()
                        .anyMatch(type -> "PreviewChannel".equals(((JsonObject) type).getString("name"))));
                assertEquals(0, introspected.tme.totalHits());
            }
        }
    }

    @Test
    void introspectionBeyondGoodFaith_isRefused() {
        server = new TestServer(Map.of());
        JsonObject refused = Gql.answer(Gql.post(server, "{ a: __schema { queryType { name } } b: __schema { queryType { name } } }"));
        JsonObject error = Gql.error(refused);
        assertEquals("bad_faith_introspection", Gql.extensions(error).getString("code"));
        assertEquals(400, Gql.extensions(error).getInteger("status"));
    }

    /** A query of one body field selecting {@code channel.username} {@code count} times over. */
    private static String usernames(int count) {
        return "{ body(channel: \"durov\") { channel { " + "username ".repeat(count) + "} } }";
    }

    private void assertRefused(JsonObject answer, String code, String message) {
        JsonObject error = Gql.error(answer);
        assertEquals(code, Gql.extensions(error).getString("code"));
        assertEquals(400, Gql.extensions(error).getInteger("status"));
        assertEquals(message, error.getString("message"));
        assertNull(answer.getValue("data"), "nothing ran: " + answer.encode());
        assertEquals(0, server.tme.totalHits(), "a refused query sends nothing to t.me");
    }

    private static String resource(String name) {
        try (InputStream in = GraphQLLimitsTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
