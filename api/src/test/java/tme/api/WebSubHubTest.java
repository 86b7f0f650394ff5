package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub on one server without Redis and without {@code WEBSUB_ALLOW_PRIVATE}: reader feeds name it, bad requests
 * are refused with the parameter named, and a callback on a loopback address is refused at once, no request made.
 */
class WebSubHubTest extends ServerTestBase {

    private final Subscriber subscriber = new Subscriber();

    WebSubHubTest() {
        super(Map.of());
    }

    @AfterEach
    void closeSubscriber() {
        subscriber.close();
    }

    @Test
    void subscribe_loopbackCallbackRefusedAtOnceWithNoRequestMade() {
        String topic = origin() + "/v1/feed?channels=durov&format=atom";
        HttpResponse<String> byAddress = subscribe(topic, subscriber.callback("/cb"));
        HttpResponse<String> byName = subscribe(topic, "http://localhost:" + subscriber.port() + "/cb");

        assertEquals(403, byAddress.statusCode());
        assertEquals("Forbidden", TestServer.json(byAddress).getString("title"));
        assertEquals("callback_refused", TestServer.json(byAddress).getString("code"));
        assertEquals("hub.callback", TestServer.json(byAddress).getString("parameter"));
        assertTrue(TestServer.json(byAddress).getString("detail").contains("127.0.0.1, not a public address"));
        assertEquals(403, byName.statusCode());
        assertEquals(List.of(), subscriber.all());
        awaitMetric("tme_websub_callbacks_refused_total", 2);
    }

    @Test
    void subscribe_badParametersNamed() {
        String callback = "https://subscriber.example/cb";
        assertProblem(post("hub.mode=follow&hub.topic=x&hub.callback=" + callback), 422, "hub.mode");
        assertProblem(subscribe("https://elsewhere.example/v1/feed?channels=durov&format=atom", callback), 422,
                "hub.topic");
        assertProblem(subscribe(origin() + "/v1/feed?channels=durov", callback), 422, "hub.topic");
        assertProblem(subscribe(origin() + "/v1/feed?channels=no&format=rss", callback), 422, "hub.topic");
        assertProblem(subscribe(origin() + "/v1/feed?channels=durov&format=rss", "ftp://subscriber.example/cb"), 422,
                "hub.callback");
        assertEquals(415, server.send(server.request("/websub").POST(HttpRequest.BodyPublishers.ofString("{}"))
                .header("Content-Type", "application/json").build()).statusCode());
    }

    @Test
    void readerFeeds_nameTheHubAndThemselves() {
        String hub = origin() + "/websub";
        String atom = server.get("/v1/feed?channels=durov&format=atom").body();
        String rss = server.get("/v1/feed?channels=durov&format=rss").body();
        JsonObject jsonFeed = TestServer.json(server.get("/v1/feed?channels=durov&format=jsonfeed"));

        assertTrue(atom.contains("<link rel=\"hub\" href=\"" + hub + "\" />"), atom.substring(0, 800));
        assertTrue(atom.contains("<link rel=\"self\" href=\"" + origin() + "/v1/feed?channels=durov&amp;format=atom\" />"));
        assertTrue(rss.contains("<atom:link xmlns:atom=\"http://www.w3.org/2005/Atom\" rel=\"hub\" href=\"" + hub + "\" />"), rss.substring(0, 800));
        assertTrue(rss.contains("<atom:link xmlns:atom=\"http://www.w3.org/2005/Atom\" rel=\"self\" href=\"" + origin() + "/v1/feed?channels=durov&amp;format=rss\" />"));
        assertEquals(new JsonObject().put("type", "WebSub").put("url", hub), jsonFeed.getJsonArray("hubs").getJsonObject(0));
    }

    private String origin() {
        return "http://127.0.0.1:" + server.server.actualPort();
    }

    private HttpResponse<String> subscribe(String topic, String callback) {
        return post("hub.mode=subscribe&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode(callback, StandardCharsets.UTF_8));
    }

    private HttpResponse<String> post(String form) {
        return server.send(server.request("/websub").POST(HttpRequest.BodyPublishers.ofString(form))
                .header("Content-Type", "application/x-www-form-urlencoded").build());
    }

    private static void assertProblem(HttpResponse<String> answer, int status, String parameter) {
        assertEquals(status, answer.statusCode(), answer.body());
        assertNotNull(answer.body());
        assertEquals(parameter, TestServer.json(answer).getString("parameter"), answer.body());
    }
}
