package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A lease that runs out, on the test clock: the hub removes the subscription ({@code tme_websub_expired_total}) and
 * delivers it nothing more, while a subscription of the same topic with a longer lease gets the next post (so the
 * post was seen and delivered: the short one's silence is the lease's doing).
 */
class WebSubLeaseTest {

    final TestClock clock = new TestClock();
    final TestServer server = new TestServer(Map.of("REFRESH_INTERVAL", "2s", "WEBSUB_ALLOW_PRIVATE", "true",
            "WEBSUB_TIMEOUT", "10s"), clock, null);
    final Subscriber shortLease = new Subscriber();
    final Subscriber longLease = new Subscriber();

    @AfterEach
    void stop() {
        shortLease.close();
        longLease.close();
        server.close();
    }

    @Test
    void aLeaseRunsOut_theSubscriptionIsRemoved_andOnlyTheLongerLeaseGetsTheNextPost() {
        server.tme.anyChannelAs("durov");
        String topic = "http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=telegram&format=jsonfeed";
        assertEquals(202, subscribe(topic, shortLease.callback("/short"), "60").statusCode());
        assertEquals("60", shortLease.nextVerification(FleetAwait.DEADLINE).query().get("hub.lease_seconds"));
        assertEquals(202, subscribe(topic, longLease.callback("/long"), "3600").statusCode());
        assertEquals("3600", longLease.nextVerification(FleetAwait.DEADLINE).query().get("hub.lease_seconds"));
        awaitMetric("tme_websub_verified_total", 2);
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");

        clock.advance(Duration.ofSeconds(61));
        awaitMetric("tme_websub_expired_total", 1);

        server.tme.publish("telegram", "After the short lease");
        long loads = server.tme.hits("/s/telegram");
        clock.advance(Duration.ofSeconds(3)); // the channel due again
        Subscriber.Received delivered = longLease.nextDelivery(FleetAwait.DEADLINE);
        assertNotNull(delivered, "the longer lease got no delivery: " + Fleet.metrics(server));
        assertTrue(delivered.text().contains("After the short lease"), delivered.text());
        assertTrue(server.tme.hits("/s/telegram") > loads);
        // Counted once the callback answered, just after the subscriber saw it.
        awaitMetric("tme_websub_deliveries_total{outcome=\"delivered\"}", 1);
        // The expired subscription was removed before the post was published, so no delivery is made for it.
        assertEquals(List.of(), shortLease.all().stream().filter(received -> received.method().equals("POST"))
                .toList(), "delivered past its lease");
    }

    private HttpResponse<String> subscribe(String topic, String callback, String leaseSeconds) {
        String form = "hub.mode=subscribe&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode(callback, StandardCharsets.UTF_8)
                + "&hub.lease_seconds=" + leaseSeconds + "&hub.secret=lease-secret";
        return server.send(server.request("/websub").POST(HttpRequest.BodyPublishers.ofString(form))
                .header("Content-Type", "application/x-www-form-urlencoded").build());
    }

    private void awaitMetric(String series, long value) {
        FleetAwait.until(series + " = " + value, () -> Fleet.metric(server, series) == value,
                () -> Fleet.metrics(server).toString());
    }
}
