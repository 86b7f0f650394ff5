package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tme.api.metrics.BuildInfo;

/** Every route's happy path, through the production router over loopback, against the fake t.me. */
class RoutesTest {

    // A server per test: answers are cached, so each test starts cold.
    TestServer server;

    @BeforeEach
    void start() {
        server = new TestServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void healthz_answersOkWithoutUpstream() {
        HttpResponse<String> response = server.get("/healthz");
        assertEquals(200, response.statusCode());
        assertEquals("{\"status\":\"ok\",\"version\":\"" + BuildInfo.version() + "\"}", response.body());
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void body_latestPage_servesChannelPostsAndCursor() {
        HttpResponse<String> response = server.get("/v1/body/durov");
        assertEquals(200, response.statusCode());
        assertEquals("application/json; charset=utf-8", response.headers().firstValue("Content-Type").orElseThrow());
        JsonObject body = TestServer.json(response);
        JsonObject channel = body.getJsonObject("channel");
        assertEquals("durov", channel.getString("username"));
        assertEquals("Pavel Durov", channel.getJsonObject("title").getString("string"));
        assertEquals("10.1M", channel.getJsonObject("counters").getString("subscribers"));
        assertEquals("93", channel.getJsonObject("counters").getString("photos"));
        assertEquals("177", channel.getJsonObject("counters").getString("links"));
        assertEquals(List.of("verified"), channel.getJsonArray("labels").getList());
        JsonArray posts = body.getJsonObject("content").getJsonArray("posts");
        assertEquals(20, posts.size());
        assertEquals(481, posts.getJsonObject(0).getInteger("id"));
        assertEquals(502, posts.getJsonObject(19).getInteger("id"));
        JsonObject lastDate = posts.getJsonObject(19).getJsonObject("footer").getJsonObject("date");
        assertEquals("2026-05-05T15:46:44+00:00", lastDate.getString("string"));
        assertEquals(1777996004L, lastDate.getLong("unix"));
        assertEquals(481, body.getJsonObject("meta").getJsonObject("offset").getInteger("before"));
        assertEquals(1, server.tme.hits("/s/durov"));
    }

    @Test
    void head_answersHeadersWithoutBody() {
        HttpResponse<String> head = server.send(server.request("/v1/body/durov")
                .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertTrue(head.headers().firstValue("ETag").orElseThrow().startsWith("W/\""));
    }

    @Test
    void corsPreflight_allowsAnyOrigin() {
        HttpResponse<String> preflight = server.send(server.request("/v1/previews",
                        "Origin", "https://example.org", "Access-Control-Request-Method", "POST")
                .method("OPTIONS", java.net.http.HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(204, preflight.statusCode());
        assertEquals("*", preflight.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
        HttpResponse<String> get = server.get("/v1/body/durov", "Origin", "https://example.org");
        assertEquals("*", get.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
    }

    @Test
    void body_channelNameIsCaseInsensitive() {
        HttpResponse<String> response = server.get("/v1/body/DuRoV?position=490");
        assertEquals(200, response.statusCode());
        assertEquals(1, server.tme.hits("/s/durov/490"));
    }

    @Test
    void body_emptyChannel_hasItsServicePostOnly() {
        JsonObject body = TestServer.json(server.get("/v1/body/demo_empty"));
        assertEquals("1", body.getJsonObject("channel").getJsonObject("counters").getString("subscribers"));
        assertEquals(1, body.getJsonObject("content").getJsonArray("posts").size());
        assertFalse(body.getJsonObject("meta").getJsonObject("offset").containsKey("before"));
    }

    @Test
    void post_returnsThatPostFromThePageAroundIt() {
        HttpResponse<String> response = server.get("/v1/post/durov/495");
        assertEquals(200, response.statusCode());
        JsonObject post = TestServer.json(response);
        assertEquals(495, post.getInteger("id"));
        // The recording's data-view token of post 495, as t.me wrote it.
        assertEquals("eyJjIjotMTAwNjUwMzEyMiwicCI6NDk1LCJ0IjoxNzc3OTk5NTIwLCJoIjoiODI0MjMyMGEzZGQ0NmI0MzhlIn0",
                post.getString("view"));
        assertEquals(1, server.tme.hits("/s/durov/495"));
    }

    @Test
    void more_before_returnsOlderPostsWithoutTheAnchor() {
        HttpResponse<String> response = server.get("/v1/more/durov/before/490");
        assertEquals(200, response.statusCode());
        JsonObject more = TestServer.json(response);
        JsonArray posts = more.getJsonArray("posts");
        assertEquals(List.of(481, 482, 483, 485, 486, 487, 488, 489), ids(posts));
        assertEquals(1, server.tme.hits("/s/durov?before=490"));
    }

    @Test
    void more_after_returnsNewerPosts() {
        JsonObject more = TestServer.json(server.get("/v1/more/durov/after/490"));
        assertEquals(List.of(491, 493, 494, 495, 496, 497, 498, 499, 500, 501, 502), ids(more.getJsonArray("posts")));
    }

    @Test
    void preview_readsTheProfilePage() {
        HttpResponse<String> response = server.get("/v1/preview/durov");
        assertEquals(200, response.statusCode());
        JsonObject channel = TestServer.json(response).getJsonObject("channel");
        assertEquals("Pavel Durov", channel.getString("title"));
        assertEquals("10 552 044 subscribers", channel.getString("subscribers"));
        assertEquals(10_552_044L, channel.getLong("subscribers_count"));
        assertTrue(channel.getBoolean("is_verified"));
        assertEquals(1, server.tme.hits("/durov"));
    }

    @Test
    void previews_mixesResultsAndPerEntryErrors() {
        HttpResponse<String> response = server.post("/v1/previews",
                "{\"channels\":[\"durov\",\" DUROV \",\"zzqxnonexistent\"]}");
        assertEquals(200, response.statusCode());
        JsonObject body = TestServer.json(response);
        assertEquals(List.of("durov", "zzqxnonexistent"), List.copyOf(body.fieldNames()));
        assertEquals("Pavel Durov", body.getJsonObject("durov").getJsonObject("channel").getString("title"));
        JsonObject missing = body.getJsonObject("zzqxnonexistent").getJsonObject("error");
        assertEquals(404, missing.getInteger("status"));
        assertEquals("channel_not_found", missing.getString("code"));
        assertEquals(1, server.tme.hits("/durov"));
    }

    @Test
    void previews_anInvalidName_refusesTheWholeBatchNamingIt() {
        HttpResponse<String> response = server.post("/v1/previews",
                "{\"channels\":[\"durov\",\" DUROV \",\"zzqxnonexistent\",\"bad-name\"]}");
        assertEquals(422, response.statusCode());
        JsonObject problem = TestServer.json(response);
        assertEquals("invalid_parameter", problem.getString("code"));
        assertEquals("channels[3]", problem.getString("parameter"));
        assertEquals("channels[3] must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a t.me link: \"bad-name\"",
                problem.getString("detail"));
        assertEquals(0, server.tme.totalHits(), "nothing of a refused batch reaches t.me");
    }

    private static List<Integer> ids(JsonArray posts) {
        return posts.stream().map(p -> ((JsonObject) p).getInteger("id")).toList();
    }
}
