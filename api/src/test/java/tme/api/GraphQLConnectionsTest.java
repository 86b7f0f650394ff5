package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code channel(name:) { posts }}: a Relay connection over the fake t.me's channel of 1,000 posts, stitched across
 * its pages of 20: a client paging {@code first: 50, after: endCursor} reads every post once, in order, at one t.me
 * request per page; {@code last} and {@code before} page back towards the newest; bad cursors and sizes are errors
 * naming their argument; the query's price counts the pages its connection may read.
 */
class GraphQLConnectionsTest {

    static final String PAGE = "query($after: String) { channel(name: \"longread\") { posts(first: 50, after: $after) {"
            + " edges { cursor node { id footer { date { unix } } } } pageInfo { hasNextPage hasPreviousPage"
            + " startCursor endCursor } } } }";

    final TestServer server = new TestServer(Map.of());

    GraphQLConnectionsTest() {
        server.tme.longChannel(HistoryTest.CHANNEL, HistoryTest.POSTS);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void pagingFirst50AfterEndCursor_readsEveryPostOnceInOrder() {
        List<Integer> ids = new ArrayList<>();
        JsonObject variables = new JsonObject().putNull("after");
        for (int page = 0; page < 4; page++) {
            JsonObject posts = posts(Gql.answer(Gql.post(server, PAGE, variables)));
            JsonArray edges = posts.getJsonArray("edges");
            assertEquals(50, edges.size());
            edges.stream().map(JsonObject.class::cast).forEach(edge -> ids.add(edge.getJsonObject("node").getInteger("id")));
            JsonObject info = posts.getJsonObject("pageInfo");
            assertTrue(info.getBoolean("hasNextPage"));
            assertEquals(page > 0, info.getBoolean("hasPreviousPage"));
            assertEquals(edges.getJsonObject(0).getString("cursor"), info.getString("startCursor"));
            assertEquals(edges.getJsonObject(49).getString("cursor"), info.getString("endCursor"));
            variables.put("after", info.getString("endCursor"));
        }
        assertEquals(HistoryTest.descending(1000, 801), ids);
        assertEquals(11, server.tme.totalHits(), "posts 1000..800 lie on 11 pages of 20: one request each");
    }

    @Test
    void lastBeforeACursor_givesTheNearestNewerPosts_newestFirst() {
        JsonObject older = posts(Gql.answer(Gql.post(server, PAGE, new JsonObject().putNull("after"))));
        String before = older.getJsonObject("pageInfo").getString("endCursor"); // post 951
        JsonObject newer = posts(Gql.answer(Gql.post(server, "query($before: String) { channel(name: \"longread\") {"
                + " posts(last: 5, before: $before) { edges { node { id } } pageInfo { hasNextPage hasPreviousPage } } } }",
                new JsonObject().put("before", before))));

        assertEquals(List.of(956, 955, 954, 953, 952), newer.getJsonArray("edges").stream()
                .map(edge -> ((JsonObject) edge).getJsonObject("node").getInteger("id")).toList());
        assertEquals(new JsonObject().put("hasNextPage", true).put("hasPreviousPage", true),
                newer.getJsonObject("pageInfo"));
    }

    @Test
    void theLastPage_saysNothingFollows() {
        String cursor = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString("post:3:21".getBytes());
        JsonObject posts = posts(Gql.answer(Gql.post(server, PAGE, new JsonObject().put("after", cursor))));

        assertEquals(2, posts.getJsonArray("edges").size());
        assertFalse(posts.getJsonObject("pageInfo").getBoolean("hasNextPage"));
    }

    @Test
    void badCursorsAndSizes_areErrorsNamingTheirArgument_andNothingReachesTme() {
        String q = "{ channel(name: \"longread\") { posts(%s) { edges { cursor } } } }";
        for (String[] bad : List.of(new String[] {"first: 0", "first"}, new String[] {"first: 101", "first"},
                new String[] {"after: \"nope!\"", "after"}, new String[] {"after: \"cG9zdDow\"", "after"},
                new String[] {"after: \"cG9zdDo5OjM\"", "after"},
                new String[] {"last: 5", "last"}, new String[] {"last: 5, before: \"eA\"", "before"},
                new String[] {"first: 5, before: \"cG9zdDo5OjA\"", "first"})) {
            JsonObject error = Gql.error(Gql.answer(Gql.post(server, q.formatted(bad[0]))));
            assertEquals(bad[1], Gql.extensions(error).getString("argument"), bad[0]);
            assertEquals(422, Gql.extensions(error).getInteger("status"), bad[0]);
        }
        JsonObject badName = Gql.error(Gql.answer(Gql.post(server, "{ channel(name: \"no\") { name } }")));
        assertEquals("name", Gql.extensions(badName).getString("argument"));
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void aConnectionsPrice_isThePagesItMayRead() {
        // 100 posts may need 7 pages (101 posts over pages of 20, and a seam): 15 of them pass 100, 14 do not
        StringBuilder fourteen = new StringBuilder("{");
        for (int i = 0; i < 15; i++) {
            fourteen.append(" c").append(i).append(": channel(name: \"longread\") { posts(first: 100) { pageInfo {"
                    + " hasNextPage } } }");
            if (i == 13) {
                JsonObject answer = Gql.answer(Gql.post(server, fourteen + " }"));
                assertNull(answer.getJsonArray("errors"), () -> answer.encode());
            }
        }
        JsonObject refused = Gql.error(Gql.answer(Gql.post(server, fourteen + " }")));
        assertEquals("query_too_costly", Gql.extensions(refused).getString("code"));
    }

    private static JsonObject posts(JsonObject answer) {
        assertNull(answer.getJsonArray("errors"), () -> answer.encode());
        return answer.getJsonObject("data").getJsonObject("channel").getJsonObject("posts");
    }
}
