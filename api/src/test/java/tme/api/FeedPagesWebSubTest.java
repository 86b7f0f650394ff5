package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A reader feed several pages deep names itself with its {@code pages} ({@code rel="self"}), and a WebSub subscriber
 * to that URL is verified with that very topic (a subscriber checks the hub echoes what it asked for); a topic deeper
 * than {@code FEED_MAX_PAGES} is refused naming {@code hub.topic}. One server without Redis, loopback callbacks allowed.
 */
class FeedPagesWebSubTest extends ServerTestBase {

    private static final Pattern SELF = Pattern.compile("<link rel=\"self\" href=\"([^\"]+)\"");

    private final Subscriber subscriber = new Subscriber();

    FeedPagesWebSubTest() {
        super(Map.of("WEBSUB_ALLOW_PRIVATE", "true", "WEBSUB_TIMEOUT", "10s"));
    }

    @AfterEach
    void closeSubscriber() {
        subscriber.close();
    }

    @Test
    void aDeepFeedsSelfUrl_isTheTopicTheHubVerifies() {
        String atom = server.get("/v1/feed?channels=durov&pages=2&format=atom").body();
        Matcher self = SELF.matcher(atom);
        assertTrue(self.find(), atom.substring(0, Math.min(800, atom.length())));
        String topic = self.group(1).replace("&amp;", "&");
        assertTrue(topic.endsWith("/v1/feed?channels=durov&pages=2&format=atom"), topic);

        assertEquals(202, subscribe(topic).statusCode());
        Subscriber.Received verification = subscriber.nextVerification(FleetAwait.DEADLINE);

        assertNotNull(verification, "no verification within " + FleetAwait.DEADLINE);
        assertEquals(topic, verification.query().get("hub.topic"));
        HttpResponse<String> tooDeep = subscribe(topic.replace("pages=2", "pages=6"));
        assertEquals(422, tooDeep.statusCode(), tooDeep.body());
        assertEquals("hub.topic", TestServer.json(tooDeep).getString("parameter"));
        assertTrue(TestServer.json(tooDeep).getString("detail").contains("pages must be an integer from 1 to 5"),
                tooDeep.body());
    }

    private HttpResponse<String> subscribe(String topic) {
        String form = "hub.mode=subscribe&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode(subscriber.callback("/deep"), StandardCharsets.UTF_8);
        return server.send(server.request("/websub").POST(HttpRequest.BodyPublishers.ofString(form))
                .header("Content-Type", "application/x-www-form-urlencoded").build());
    }
}
