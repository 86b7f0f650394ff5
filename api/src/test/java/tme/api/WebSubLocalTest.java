package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub on one server without Redis (subscriptions and deliveries in memory, the server polling the channel itself
 * at {@code REFRESH_INTERVAL=2s}), loopback callbacks allowed for the test: a JSON Feed subscriber gets the new post,
 * signed; once it unsubscribed (verified too), the next post is not delivered.
 *
 * <p>Waits are generous deadlines ({@link FleetAwait#DEADLINE}), not latency bounds; the callback timeout is well
 * above what a busy machine takes to answer on loopback (a delivery that timed out is tried again).
 */
class WebSubLocalTest extends ServerTestBase {

    private static final Duration PUSHED_WITHIN = FleetAwait.DEADLINE;

    private final Subscriber subscriber = new Subscriber();

    WebSubLocalTest() {
        super(Map.of("REFRESH_INTERVAL", "2s", "WEBSUB_ALLOW_PRIVATE", "true", "WEBSUB_TIMEOUT", "10s",
                "WEBSUB_DELIVERY_LEASE", "12s", "WEBSUB_MAX_PER_TOPIC", "1"));
    }

    @AfterEach
    void closeSubscriber() {
        subscriber.close();
    }

    @Test
    void subscribeDeliverUnsubscribe_withoutRedis() throws Exception {
        server.tme.anyChannelAs("durov");
        String topic = "http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=telegram&format=jsonfeed";

        assertEquals(202, hub("subscribe", topic).statusCode());
        Subscriber.Received verification = subscriber.nextVerification(PUSHED_WITHIN);
        assertEquals("subscribe", verification.query().get("hub.mode"));
        assertEquals("864000", verification.query().get("hub.lease_seconds")); // WEBSUB_LEASE_DEFAULT, 10 days
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");
        assertEquals(200, server.get("/v1/body/telegram").statusCode());

        server.tme.publish("telegram", "Pushed without Redis");
        Subscriber.Received delivery = subscriber.nextDelivery(PUSHED_WITHIN);

        assertNotNull(delivery, "no delivery within " + PUSHED_WITHIN);
        assertEquals("application/feed+json; charset=utf-8", delivery.headers().get("Content-Type"));
        assertTrue(delivery.text().contains("\"id\":\"https://t.me/telegram/503\""), delivery.text());
        assertEquals("sha256=" + hmac("local-secret", delivery.body()), delivery.headers().get("X-Hub-Signature"));

        assertEquals(202, hub("unsubscribe", topic).statusCode());
        assertEquals("unsubscribe", subscriber.nextVerification(PUSHED_WITHIN).query().get("hub.mode"));
        awaitMetric("tme_websub_unsubscribed_total", 1);
        // A marker: a second callback subscribes (the topic's one place is free again) and gets the next post; the
        // first one must not get it meanwhile, which "nothing within a few seconds" could not show.
        assertEquals(202, hub("subscribe", topic, subscriber.callback("/marker")).statusCode());
        assertEquals("/marker", path(subscriber.nextVerification(PUSHED_WITHIN)));
        awaitMetric("tme_websub_verified_total", 3); // subscribe, unsubscribe, the marker's subscribe
        int next = server.tme.publish("telegram", "Only the marker listens");
        Subscriber.Received marker = subscriber.nextDelivery(PUSHED_WITHIN);
        assertNotNull(marker, "no delivery to the marker's callback");
        assertEquals("/marker", path(marker), "delivered after unsubscribing");
        assertTrue(marker.text().contains("\"id\":\"https://t.me/telegram/" + next + "\""), marker.text());
        awaitMetric("tme_websub_deliveries_total{outcome=\"delivered\"}", 2);
        assertEquals(List.of("/json-feed", "/marker"), subscriber.all().stream()
                .filter(received -> received.method().equals("POST")).map(WebSubLocalTest::path).toList(),
                "delivered after unsubscribing");
    }

    @Test
    void redirectedVerificationNotFollowed_andAFailedDeliveryRetried() {
        server.tme.anyChannelAs("durov");
        String topic = "http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=telegram&format=rss";
        try (Subscriber target = new Subscriber()) {
            subscriber.redirectVerificationsTo(target.callback("/elsewhere"));
            assertEquals(202, hub("subscribe", topic).statusCode());
            assertNotNull(subscriber.nextVerification(PUSHED_WITHIN));
            awaitMetric("tme_websub_verification_failures_total", 1);
            assertEquals(java.util.List.of(), target.all(), "the redirect was followed");
        }
        assertEquals(0, Fleet.metric(server, "tme_websub_verified_total"));

        subscriber.redirectVerificationsTo(null).failDeliveries(1);
        assertEquals(202, hub("subscribe", topic).statusCode());
        assertNotNull(subscriber.nextVerification(PUSHED_WITHIN));
        awaitMetric("tme_websub_verified_total", 1);
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");
        assertEquals(200, server.get("/v1/body/telegram").statusCode());
        server.tme.publish("telegram", "Pushed twice, answered once");

        Subscriber.Received failed = subscriber.nextDelivery(PUSHED_WITHIN);
        Subscriber.Received retried = subscriber.nextDelivery(PUSHED_WITHIN);

        assertNotNull(failed, "no first attempt");
        assertNotNull(retried, "no retry after the 500");
        assertTrue(retried.text().contains("<guid>https://t.me/telegram/503</guid>"),
                retried.text());
        awaitMetric("tme_websub_deliveries_total{outcome=\"failed_attempt\"}", 1);
        awaitMetric("tme_websub_deliveries_total{outcome=\"delivered\"}", 1);
    }

    /**
     * The topic shows one post ({@code limit=1}): a delivery of the feed as it is when sent would carry only the newest
     * post, and the two before it would never reach this subscriber. Each delivery carries the posts not had yet.
     */
    @Test
    void subscriberDownWhileThreePostsCame_getsEachOnceInOrder_pastTheTopicsLimit() {
        server.tme.anyChannelAs("durov");
        String topic = "http://127.0.0.1:" + server.server.actualPort()
                + "/v1/feed?channels=telegram&format=atom&limit=1";
        assertEquals(202, hub("subscribe", topic).statusCode());
        assertNotNull(subscriber.nextVerification(PUSHED_WITHIN));
        awaitMetric("tme_websub_verified_total", 1);
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");
        assertEquals(200, server.get("/v1/body/telegram").statusCode());
        subscriber.failDeliveries(Integer.MAX_VALUE);

        for (int post = 1; post <= 3; post++) {
            server.tme.publish("telegram", "Published while the subscriber is down, " + post);
            awaitMetric("tme_events_published_total", post);
        }
        FleetAwait.until("a failed attempt", () -> Fleet.metric(server,
                "tme_websub_deliveries_total{outcome=\"failed_attempt\"}") >= 1, () -> "none yet");
        subscriber.failDeliveries(0);
        FleetAwait.until("post 505 acknowledged", () -> acknowledgedPosts().contains(505),
                () -> acknowledgedPosts().toString());
        int marker = server.tme.publish("telegram", "A marker after the subscriber came back");
        FleetAwait.until("the marker acknowledged", () -> acknowledgedPosts().contains(marker),
                () -> acknowledgedPosts().toString());

        assertEquals(List.of(503, 504, 505, 506), acknowledgedPosts(), "each post once, in order");
        assertEquals(506, marker);
    }

    /** The posts of every acknowledged Atom delivery, oldest first (a delivery lists its posts newest first). */
    private List<Integer> acknowledgedPosts() {
        List<Integer> posts = new java.util.ArrayList<>();
        for (Subscriber.Received delivery : subscriber.acknowledged()) {
            List<Integer> shown = new java.util.ArrayList<>(java.util.regex.Pattern
                    .compile("<id>https://t\\.me/telegram/(\\d+)</id>").matcher(delivery.text()).results()
                    .map(match -> Integer.parseInt(match.group(1))).toList());
            posts.addAll(shown.reversed());
        }
        return posts;
    }

    @Test
    void subscriptionPastTheTopicsBound_verifiedThenDenied() {
        String topic = "http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=durov&format=atom";
        assertEquals(202, hub("subscribe", topic, subscriber.callback("/first")).statusCode());
        assertEquals("/first", path(subscriber.nextVerification(PUSHED_WITHIN)));
        awaitMetric("tme_websub_verified_total", 1);

        assertEquals(202, hub("subscribe", topic, subscriber.callback("/second")).statusCode());
        Subscriber.Received verification = subscriber.nextVerification(PUSHED_WITHIN);
        Subscriber.Received denial = subscriber.nextVerification(PUSHED_WITHIN);

        assertEquals("/second", path(verification));
        assertEquals("denied", denial.query().get("hub.mode"));
        assertEquals(topic, denial.query().get("hub.topic"));
        assertEquals("this topic has 1 subscriptions, its most", denial.query().get("hub.reason"));
        awaitMetric("tme_websub_denied_total", 1);
        assertEquals(202, hub("subscribe", topic, subscriber.callback("/first")).statusCode()); // a renewal passes
        assertEquals("/first", path(subscriber.nextVerification(PUSHED_WITHIN)));
        awaitMetric("tme_websub_verified_total", 3);
        assertEquals(1, Fleet.metric(server, "tme_websub_denied_total"));
    }

    private static String path(Subscriber.Received received) {
        return received.uri().split("\\?", 2)[0];
    }

    private HttpResponse<String> hub(String mode, String topic) {
        return hub(mode, topic, subscriber.callback("/json-feed"));
    }

    private HttpResponse<String> hub(String mode, String topic, String callback) {
        String form = "hub.mode=" + mode + "&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode(callback, StandardCharsets.UTF_8)
                + "&hub.secret=local-secret";
        return server.send(server.request("/websub").POST(HttpRequest.BodyPublishers.ofString(form))
                .header("Content-Type", "application/x-www-form-urlencoded").build());
    }

    private static String hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }
}
