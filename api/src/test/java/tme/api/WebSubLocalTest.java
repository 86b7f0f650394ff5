package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub on one server without Redis (subscriptions and deliveries in memory, the server polling the channel itself
 * at {@code REFRESH_INTERVAL=2s}), loopback callbacks allowed for the test: a JSON Feed subscriber gets the new post,
 * signed; once it unsubscribed (verified too), the next post is not delivered.
 */
class WebSubLocalTest extends ServerTestBase {

    private final Subscriber subscriber = new Subscriber();

    WebSubLocalTest() {
        super(Map.of("REFRESH_INTERVAL", "2s", "WEBSUB_ALLOW_PRIVATE", "true", "WEBSUB_TIMEOUT", "2s",
                "WEBSUB_DELIVERY_LEASE", "3s", "WEBSUB_MAX_PER_TOPIC", "1"));
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
        Subscriber.Received verification = subscriber.nextVerification(Duration.ofSeconds(5));
        assertEquals("subscribe", verification.query().get("hub.mode"));
        assertEquals("864000", verification.query().get("hub.lease_seconds")); // WEBSUB_LEASE_DEFAULT, 10 days
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");
        assertEquals(200, server.get("/v1/body/telegram").statusCode());

        server.tme.publish("telegram", "Pushed without Redis");
        Subscriber.Received delivery = subscriber.nextDelivery(Duration.ofSeconds(6));

        assertNotNull(delivery, "no delivery within REFRESH_INTERVAL + 4 s");
        assertEquals("application/feed+json; charset=utf-8", delivery.headers().get("Content-Type"));
        assertTrue(delivery.text().contains("\"id\":\"https://t.me/telegram/503\""), delivery.text());
        assertEquals("sha256=" + hmac("local-secret", delivery.body()), delivery.headers().get("X-Hub-Signature"));

        assertEquals(202, hub("unsubscribe", topic).statusCode());
        assertEquals("unsubscribe", subscriber.nextVerification(Duration.ofSeconds(5)).query().get("hub.mode"));
        awaitMetric("tme_websub_unsubscribed_total", 1);
        server.tme.publish("telegram", "Nobody listens");
        assertNull(subscriber.nextDelivery(Duration.ofSeconds(5)), "delivered after unsubscribing");
        awaitMetric("tme_websub_deliveries_total{outcome=\"delivered\"}", 1);
    }

    @Test
    void redirectedVerificationNotFollowed_andAFailedDeliveryRetried() {
        server.tme.anyChannelAs("durov");
        String topic = "http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=telegram&format=rss";
        try (Subscriber target = new Subscriber()) {
            subscriber.redirectVerificationsTo(target.callback("/elsewhere"));
            assertEquals(202, hub("subscribe", topic).statusCode());
            assertNotNull(subscriber.nextVerification(Duration.ofSeconds(5)));
            awaitMetric("tme_websub_verification_failures_total", 1);
            assertEquals(java.util.List.of(), target.all(), "the redirect was followed");
        }
        assertEquals(0, Fleet.metric(server, "tme_websub_verified_total"));

        subscriber.redirectVerificationsTo(null).failDeliveries(1);
        assertEquals(202, hub("subscribe", topic).statusCode());
        assertNotNull(subscriber.nextVerification(Duration.ofSeconds(5)));
        awaitMetric("tme_websub_verified_total", 1);
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");
        assertEquals(200, server.get("/v1/body/telegram").statusCode());
        server.tme.publish("telegram", "Pushed twice, answered once");

        Subscriber.Received failed = subscriber.nextDelivery(Duration.ofSeconds(6));
        Subscriber.Received retried = subscriber.nextDelivery(Duration.ofSeconds(5));

        assertNotNull(failed, "no first attempt");
        assertNotNull(retried, "no retry after the 500");
        assertTrue(retried.text().contains("<guid>https://t.me/telegram/503</guid>"),
                retried.text());
        awaitMetric("tme_websub_deliveries_total{outcome=\"failed_attempt\"}", 1);
        awaitMetric("tme_websub_deliveries_total{outcome=\"delivered\"}", 1);
    }

    @Test
    void subscriptionPastTheTopicsBound_verifiedThenDenied() {
        String topic = "http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=durov&format=atom";
        assertEquals(202, hub("subscribe", topic, subscriber.callback("/first")).statusCode());
        assertEquals("/first", path(subscriber.nextVerification(Duration.ofSeconds(5))));
        awaitMetric("tme_websub_verified_total", 1);

        assertEquals(202, hub("subscribe", topic, subscriber.callback("/second")).statusCode());
        Subscriber.Received verification = subscriber.nextVerification(Duration.ofSeconds(5));
        Subscriber.Received denial = subscriber.nextVerification(Duration.ofSeconds(5));

        assertEquals("/second", path(verification));
        assertEquals("denied", denial.query().get("hub.mode"));
        assertEquals(topic, denial.query().get("hub.topic"));
        assertEquals("this topic has 1 subscriptions, its most", denial.query().get("hub.reason"));
        awaitMetric("tme_websub_denied_total", 1);
        assertEquals(202, hub("subscribe", topic, subscriber.callback("/first")).statusCode()); // a renewal passes
        assertEquals("/first", path(subscriber.nextVerification(Duration.ofSeconds(5))));
        awaitMetric("tme_websub_verified_total", 3);
        assertEquals(1, Fleet.metric(server, "tme_websub_denied_total"));
    }

    private static String path(Subscriber.Received received) {
        return received.uri().substring(0, received.uri().indexOf('?'));
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
