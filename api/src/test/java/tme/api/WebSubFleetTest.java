package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
 *
 * <p>On the test's own clock: "once" is asserted with a marker post published after the delivery (the next delivery
 * is the marker's, nothing in between), never as "nothing arrived within X s"; waits are generous deadlines
 * ({@link #PUSHED_WITHIN}), not latency bounds. The callback timeout is well above what a busy machine takes to
 * answer on loopback (a timed-out delivery that did arrive is tried again: a second delivery), and the lease above
 * it, as the settings require.
 */
class WebSubFleetTest {

    private static final Duration PUSHED_WITHIN = FleetAwait.DEADLINE;
    static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "WEBSUB_ALLOW_PRIVATE", "true", "WEBSUB_TIMEOUT", "10s",
            "WEBSUB_DELIVERY_LEASE", "12s", "REDIS_TIMEOUT", "2s");
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
        Subscriber.Received verification = subscriber.nextVerification(PUSHED_WITHIN);
        assertEquals("subscribe", verification.query().get("hub.mode"));
        assertEquals(topic, verification.query().get("hub.topic"));
        assertEquals(32, verification.query().get("hub.challenge").length());
        fleet.awaitBaseline("telegram");

        int post = fleet.tme.publish("telegram", "Pushed to the subscriber");
        long published = System.nanoTime();
        Subscriber.Received delivery = subscriber.nextDelivery(PUSHED_WITHIN);
        Duration took = Duration.ofNanos(System.nanoTime() - published);

        assertNotNull(delivery, "no delivery within " + PUSHED_WITHIN);
        assertEquals(503, post);
        assertEquals(503, newestPost(delivery), delivery.text());
        assertEquals("application/atom+xml; charset=utf-8", delivery.headers().get("Content-Type"));
        assertEquals("sha256=" + hmac(SECRET, delivery.body()), delivery.headers().get("X-Hub-Signature"));
        assertEquals("<http://127.0.0.1:" + a.server.actualPort() + "/websub>; rel=\"hub\", <" + topic
                + ">; rel=\"self\"", delivery.headers().get("Link"));
        System.out.printf("websub: post 503 delivered %d ms after t.me showed it (REFRESH_INTERVAL 2 s, 2 servers)%n",
                took.toMillis());

        int marker = fleet.tme.publish("telegram", "A marker published after the delivery");
        assertEquals(List.of(marker), deliveredPostsUpTo(marker), "the next delivery is the marker's: 503 not again");
        awaitSum("tme_websub_deliveries_total{outcome=\"delivered\"}", 2, fleet.servers());
        // Taken at once by a server, not taken over after WEBSUB_DELIVERY_LEASE (a failing take did that, unseen).
        assertEquals(0, Fleet.sum("tme_websub_deliveries_total{outcome=\"reclaimed\"}", fleet.servers()));
        assertEquals(2, Fleet.sum("tme_events_published_total", List.of(a, fleet.server(1), refresher)));
    }

    @Test
    void serverKilledWhileHoldingADelivery_anotherDeliversIt() {
        fleet = new Fleet(0, ENV, InstantSource.system());
        fleet.tme.anyChannelAs("durov");
        refresher();
        FleetProcess holder = fleet.process(ENV);
        String topic = "http://127.0.0.1:" + holder.port + "/v1/feed?channels=telegram&format=atom";
        assertEquals(202, subscribe(holder.port, topic).statusCode());
        assertNotNull(subscriber.nextVerification(PUSHED_WITHIN));
        fleet.awaitBaseline("telegram");
        subscriber.hangDeliveries(1);

        fleet.tme.publish("telegram", "Held by a server that dies");
        Subscriber.Received held = subscriber.nextDelivery(PUSHED_WITHIN);
        assertNotNull(held, () -> "the holder's delivery attempt: " + holder.metrics().text().lines()
                .filter(line -> line.contains("websub") || line.contains("events") || line.contains("push")).toList());
        holder.kill(); // within WEBSUB_TIMEOUT of the held attempt: the holder never tried again itself
        TestServer heir = new TestServer(withRedis(ENV), InstantSource.system(), fleet.tme);
        try {
            Subscriber.Received delivered = subscriber.nextDelivery(PUSHED_WITHIN);

            assertNotNull(delivered, "the delivery taken over");
            assertEquals(503, newestPost(held), held.text());
            assertEquals(503, newestPost(delivered), delivered.text());
            assertEquals("sha256=" + hmac(SECRET, delivered.body()), delivered.headers().get("X-Hub-Signature"));
            int marker = fleet.tme.publish("telegram", "A marker published after the takeover");
            assertEquals(List.of(marker), deliveredPostsUpTo(marker), "503 not delivered again");
            FleetAwait.until("the heir counted both deliveries", () -> Fleet.metric(heir,
                    "tme_websub_deliveries_total{outcome=\"delivered\"}") == 2, () -> Fleet.metrics(heir).toString());
            assertEquals(1, Fleet.metric(heir, "tme_websub_deliveries_total{outcome=\"reclaimed\"}"));
            assertEquals(3, subscriber.all().stream().filter(r -> r.method().equals("POST")).count());
        } finally {
            heir.close();
        }
    }

    /**
     * The newest post of each delivery from now up to the one that shows {@code last}, in the order they came; fails
     * when {@link #PUSHED_WITHIN} passes without one first.
     */
    private List<Integer> deliveredPostsUpTo(int last) {
        List<Integer> posts = new java.util.ArrayList<>();
        while (posts.isEmpty() || posts.getLast() < last) {
            Subscriber.Received delivery = subscriber.nextDelivery(PUSHED_WITHIN);
            assertNotNull(delivery, "post " + last + " was never delivered; after " + posts);
            posts.add(newestPost(delivery));
        }
        return posts;
    }

    /** The newest post an Atom delivery shows: the delivery is the topic's feed as it was when sent. */
    private static int newestPost(Subscriber.Received delivery) {
        return java.util.regex.Pattern.compile("<id>https://t\\.me/telegram/(\\d+)</id>").matcher(delivery.text())
                .results().mapToInt(match -> Integer.parseInt(match.group(1))).max().orElse(-1);
    }

    private static void awaitSum(String series, long value, List<TestServer> servers) {
        FleetAwait.until(series + " = " + value, () -> Fleet.sum(series, servers) == value,
                () -> Long.toString(Fleet.sum(series, servers)));
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
