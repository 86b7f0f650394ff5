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
import java.time.InstantSource;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two API servers and a refresher on one real Redis and one fake t.me, {@code REFRESH_INTERVAL=2s}, callbacks on
 * loopback allowed ({@code WEBSUB_ALLOW_PRIVATE=true}, as only a test may): a subscription taken by one server is
 * verified, and a post t.me publishes reaches the subscriber once, signed, from whichever server; a server killed
 * while it holds the delivery has it taken over by another.
 */
class WebSubFleetTest {

    private static final Duration INTERVAL = Duration.ofSeconds(2);
    static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "WEBSUB_ALLOW_PRIVATE", "true", "WEBSUB_TIMEOUT", "2s",
            "WEBSUB_DELIVERY_LEASE", "3s", "REDIS_TIMEOUT", "2s");
    private static final String SECRET = "s3cret-of-the-subscriber";

    private final Subscriber subscriber = new Subscriber();
    private Fleet fleet;

    @AfterEach
    void stop() {
        subscriber.close();
        fleet.close();
    }

    @Test
    void newPost_deliveredOnceAcrossTheFleet_signedWithTheSecret() throws Exception {
        fleet = new Fleet(2, ENV, InstantSource.system());
        fleet.tme.anyChannelAs("durov");
        TestServer refresher = refresher();
        TestServer a = fleet.server(0);
        String topic = "http://127.0.0.1:" + a.server.actualPort() + "/v1/feed?channels=telegram&format=atom";

        assertEquals(202, subscribe(a, topic).statusCode());
        Subscriber.Received verification = subscriber.nextVerification(Duration.ofSeconds(5));
        assertEquals("subscribe", verification.query().get("hub.mode"));
        assertEquals(topic, verification.query().get("hub.topic"));
        assertEquals(32, verification.query().get("hub.challenge").length());
        baselineLoaded();

        int post = fleet.tme.publish("telegram", "Pushed to the subscriber");
        long published = System.nanoTime();
        Subscriber.Received delivery = subscriber.nextDelivery(INTERVAL.plusSeconds(4));
        Duration took = Duration.ofNanos(System.nanoTime() - published);

        assertNotNull(delivery, "no delivery within REFRESH_INTERVAL + 4 s");
        assertEquals(503, post);
        assertTrue(delivery.text().contains("<id>https://t.me/telegram/503</id>"), delivery.text());
        assertEquals("application/atom+xml; charset=utf-8", delivery.headers().get("Content-Type"));
        assertEquals("sha256=" + hmac(SECRET, delivery.body()), delivery.headers().get("X-Hub-Signature"));
        assertEquals("<http://127.0.0.1:" + a.server.actualPort() + "/websub>; rel=\"hub\", <" + topic
                + ">; rel=\"self\"", delivery.headers().get("Link"));
        assertNull(subscriber.nextDelivery(Duration.ofSeconds(4)), "a second delivery of the same post");
        assertEquals(1, Fleet.sum("tme_websub_deliveries_total{outcome=\"delivered\"}", fleet.servers()));
        // Taken at once by a server, not taken over after WEBSUB_DELIVERY_LEASE (a failing take did that, unseen).
        assertEquals(0, Fleet.sum("tme_websub_deliveries_total{outcome=\"reclaimed\"}", fleet.servers()));
        assertEquals(1, Fleet.sum("tme_events_published_total", List.of(a, fleet.server(1), refresher)));
        assertTrue(took.compareTo(INTERVAL.plusSeconds(4)) < 0, "took " + took);
        System.out.printf("websub: post 503 delivered %d ms after t.me showed it (REFRESH_INTERVAL 2 s, 2 servers)%n",
                took.toMillis());
    }

    @Test
    void serverKilledWhileHoldingADelivery_anotherDeliversIt() {
        fleet = new Fleet(0, ENV, InstantSource.system());
        fleet.tme.anyChannelAs("durov");
        refresher();
        FleetProcess holder = fleet.process(ENV);
        String topic = "http://127.0.0.1:" + holder.port + "/v1/feed?channels=telegram&format=atom";
        assertEquals(202, subscribe(holder.port, topic).statusCode());
        assertNotNull(subscriber.nextVerification(Duration.ofSeconds(5)));
        baselineLoaded();
        subscriber.hangDeliveries(1);

        fleet.tme.publish("telegram", "Held by a server that dies");
        Subscriber.Received held = subscriber.nextDelivery(INTERVAL.plusSeconds(10));
        assertNotNull(held, () -> "the holder's delivery attempt: " + holder.metrics().text().lines()
                .filter(line -> line.contains("websub") || line.contains("events") || line.contains("push")).toList());
        holder.kill();
        TestServer heir = new TestServer(withRedis(ENV), InstantSource.system(), fleet.tme);
        try {
            Subscriber.Received delivered = subscriber.nextDelivery(Duration.ofSeconds(10));

            assertNotNull(delivered, "the delivery taken over");
            assertTrue(delivered.text().contains("<id>https://t.me/telegram/503</id>"));
            assertEquals("sha256=" + hmac(SECRET, delivered.body()), delivered.headers().get("X-Hub-Signature"));
            assertNull(subscriber.nextDelivery(Duration.ofSeconds(4)), "delivered again");
            assertEquals(1, Fleet.metric(heir, "tme_websub_deliveries_total{outcome=\"reclaimed\"}"));
            assertEquals(1, Fleet.metric(heir, "tme_websub_deliveries_total{outcome=\"delivered\"}"));
            assertEquals(2, subscriber.all().stream().filter(r -> r.method().equals("POST")).count());
        } finally {
            heir.close();
        }
    }

    /** A refresher in this process on the fleet's Redis and fake t.me. */
    private TestServer refresher() {
        Map<String, String> env = withRedis(ENV);
        env.put("ROLE", "refresher");
        env.put("REFRESH_INTERVAL", "2s");
        return fleetOwned(new TestServer(env, InstantSource.system(), fleet.tme));
    }

    private final List<TestServer> owned = new java.util.ArrayList<>();

    private TestServer fleetOwned(TestServer server) {
        owned.add(server);
        return server;
    }

    @AfterEach
    void closeOwned() {
        owned.forEach(TestServer::close);
    }

    private Map<String, String> withRedis(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("REDIS_URL", fleet.redis.url());
        return all;
    }

    /** The channel's page the new post is told from is in the fleet's cache: the refresher loaded it. */
    private void baselineLoaded() {
        FleetAwait.until("the refresher loaded the baseline", () -> fleet.tme.hits("/s/telegram") >= 1,
                () -> "no load of /s/telegram yet");
        FleetAwait.until("the baseline stored in Redis",
                () -> "1".equals(fleet.redis.command("EXISTS", "tme:v1:full:body:telegram:0")),
                () -> fleet.redis.command("KEYS", "*"));
    }

    private HttpResponse<String> subscribe(TestServer server, String topic) {
        return subscribe(server.server.actualPort(), topic);
    }

    private HttpResponse<String> subscribe(int port, String topic) {
        String form = "hub.mode=subscribe&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode(subscriber.callback("/cb?feed=1"), StandardCharsets.UTF_8)
                + "&hub.secret=" + SECRET + "&hub.lease_seconds=3600";
        try (java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/websub"))
                    .POST(HttpRequest.BodyPublishers.ofString(form))
                    .header("Content-Type", "application/x-www-form-urlencoded").build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hmac(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

}
