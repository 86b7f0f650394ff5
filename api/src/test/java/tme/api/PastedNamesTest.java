package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A channel as people paste it ({@code @durov}, a t.me link, a post's link) names the channel on every way in: the
 * REST paths (escaped as a path segment), the feed's list and GraphQL, and they all share the one cache entry and
 * the one t.me load of the plain name.
 */
class PastedNamesTest {

    final TestServer server = new TestServer(Map.of());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void restPaths_takeANameAsPasted_andShareThePlainNamesEntry() {
        List<String> pasted = List.of("durov", "@durov", "@DuRoV", "t.me/durov", "https://t.me/s/durov",
                "https://t.me/durov/490");
        for (String name : pasted) {
            HttpResponse<String> answer = server.get("/v1/body/" + URLEncoder.encode(name, StandardCharsets.UTF_8));
            assertEquals(200, answer.statusCode(), name + ": " + answer.body());
            assertEquals("durov", TestServer.json(answer).getJsonObject("channel").getString("username"), name);
        }
        assertEquals(1, server.tme.hits("/s/durov"), "one entry, one load");
        HttpResponse<String> post = server.get("/v1/post/" + URLEncoder.encode("@durov", StandardCharsets.UTF_8) + "/490");
        assertEquals(200, post.statusCode(), post.body());
        assertEquals(490, TestServer.json(post).getInteger("id"));
    }

    @Test
    void aFeedList_andGraphQL_takeNamesAsPasted() {
        HttpResponse<String> feed = server.post("/v1/feed",
                "{\"channels\":[\"@durov\",\"https://t.me/s/meduzalive/141890\"],\"limit\":500}");
        assertEquals(200, feed.statusCode(), feed.body());
        JsonObject answer = TestServer.json(feed);
        assertEquals(0, answer.getJsonArray("errors").size(), feed.body());
        assertEquals(List.of("durov", "meduzalive"), answer.getJsonArray("result").stream()
                .map(item -> ((JsonObject) item).getJsonObject("channel").getString("username")).distinct().sorted()
                .toList());

        JsonObject data = Gql.data(server, "{ body(channel: \"t.me/durov\") { channel { username } } }");
        assertEquals("durov", data.getJsonObject("body").getJsonObject("channel").getString("username"));
    }

    @Test
    void somethingElse_isStill422_sayingWhatIsExpected() {
        HttpResponse<String> refused = server.get("/v1/body/"
                + URLEncoder.encode("https://example.org/durov", StandardCharsets.UTF_8));
        assertEquals(422, refused.statusCode());
        assertEquals("channel must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a"
                + " t.me link: \"https://example.org/durov\"", TestServer.json(refused).getString("detail"));
    }
}
