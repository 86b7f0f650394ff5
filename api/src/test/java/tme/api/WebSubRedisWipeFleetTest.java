package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 26's first "done when", end to end: two API servers and a refresher on one real Redis and one fake t.me,
 * three WebSub subscribers (real callbacks on loopback, one per feed format, subscribed through either server) and
 * ten SSE readers (five per server). Redis is SIGKILLed and restarted empty (no persistence, as the ops docs run it)
 * while t.me keeps publishing (2 posts before, 3 during, 2 after): every post published before, during and after
 * the outage reaches every reader and every subscriber exactly once, in order, and the subscriptions are back in
 * Redis. Before issue 26 the subscriptions were gone with Redis (no subscriber was told) and the posts of the outage
 * reached no reader either.
 *
 * <p>"Exactly once" is asserted up to a marker post published last (each subscriber's whole list of posts, each
 * reader's events up to the marker), never as "nothing arrived within X s". Each wait is a generous deadline on a
 * message, a metric or a key ({@link FleetAwait#DEADLINE}), taken one milestone after the other: after the restart
 * a server's Redis breaker stays open until its next probe (30 s) before its generation check sees the wipe.
 */
class WebSubRedisWipeFleetTest {

    private static final Duration WITHIN = FleetAwait.DEADLINE;
    private static final String SUBS = "tme:websub:{websub}:subs";
    private static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "STREAM_HEARTBEAT", "1s",
            "REDIS_BREAKER_OPEN_FOR", "3s", "WEBSUB_ALLOW_PRIVATE", "true",
            "WEBSUB_TIMEOUT", "10s", "WEBSUB_DELIVERY_LEASE", "12s", "REDIS_TIMEOUT", "2s");
    private static final int READERS_PER_SERVER = 5;
    private static final List<String> FORMATS = List.of("atom", "rss", "jsonfeed");

    private final Fleet fleet = new Fleet(2, ENV, InstantSource.system());
    private final TestServer refresher = refresher();
    private final List<Subscriber> subscribers = List.of(new Subscriber(), new Subscriber(), new Subscriber());
    private final List<SseClient> readers = new ArrayList<>();

    @AfterEach
    void stop() {
        readers.forEach(SseClient::close);
        subscribers.forEach(Subscriber::close);
        refresher.close();
        fleet.close();
    }

    @Test
    void redisRestartedEmpty_everyPostReachesEveryReaderAndSubscriberOnce() {
        fleet.tme.anyChannelAs("durov");
        subscribeAll();
        for (TestServer server : fleet.servers()) {
            for (int i = 0; i < READERS_PER_SERVER; i++) {
                readers.add(open(server));
            }
        }
        fleet.awaitBaseline("telegram");

        // The third subscriber is down from before the outage to after it: what it missed went with the old log.
        Subscriber down = subscribers.get(2);
        down.failDeliveries(1_000_000);
        List<Integer> before = publish("Published before the outage", 2);
        everyoneGot(before, subscribers.subList(0, 2));
        FleetAwait.until("the down subscriber refused a delivery", () -> !down.all().stream()
                .filter(r -> r.method().equals("POST")).toList().isEmpty(), () -> down.all().toString());

        fleet.redis.kill();
        List<Integer> during = publish("Published while Redis was down", 3);
        loadedWhileRedisIsDown(fleet.server(0), "Published while Redis was down, 3");
        fleet.redis.restart();
        down.failDeliveries(0);
        List<Integer> after = publish("Published after Redis came back empty", 2);
        for (TestServer server : fleet.servers()) {
            FleetAwait.until("server on " + server.server.actualPort() + " saw the wipe",
                    () -> Fleet.metric(server, "tme_redis_wipes_total") >= 1, () -> Fleet.metrics(server).toString());
        }
        FleetAwait.until("the 3 subscriptions back in Redis", () -> "3".equals(fleet.redis.command("HLEN", SUBS)),
                () -> fleet.redis.command("HLEN", SUBS));
        List<Integer> outage = new ArrayList<>(during);
        outage.addAll(after);
        everyoneGot(outage, subscribers);
        FleetAwait.until("the down subscriber has what it missed before the outage",
                () -> acknowledgedPosts(down).containsAll(before), () -> acknowledgedPosts(down).toString());
        int marker = fleet.tme.publish("telegram", "A marker published last");
        everyoneGot(List.of(marker), subscribers);

        List<Integer> all = new ArrayList<>(before);
        all.addAll(outage);
        all.add(marker);
        assertEquals(List.of(503, 504, 505, 506, 507, 508, 509, 510), all);
        for (int i = 0; i < 2; i++) {
            // After the resync (the whole feed) every post of the fresh log comes one by one too: each once.
            assertEquals(all, deliveredPosts(subscribers.get(i)), FORMATS.get(i) + " subscriber: each post once");
            assertEquals(1, resyncs(subscribers.get(i)), "the whole feed once after the wipe, marked as a resync");
        }
        assertTrue(acknowledgedPosts(down).containsAll(all), acknowledgedPosts(down).toString());
        assertEquals(1, resyncs(down), "its cursor was lost with Redis: the whole feed once, marked");
        assertTrue(Fleet.sum("tme_websub_restored_total", fleet.servers()) >= 3, "the subscriptions put back");
        assertEquals(0, Fleet.sum("tme_websub_denied_total", fleet.servers()), "none refused on the way back");
    }

    /** Each subscriber verified through either server; both servers' copies of the subscriptions hold all 3. */
    private void subscribeAll() {
        for (int i = 0; i < subscribers.size(); i++) {
            TestServer via = fleet.server(i % 2);
            String topic = "http://127.0.0.1:" + via.server.actualPort() + "/v1/feed?channels=telegram&format="
                    + FORMATS.get(i);
            assertEquals(202, subscribe(via, topic, subscribers.get(i)).statusCode());
            Subscriber.Received verification = subscribers.get(i).nextVerification(WITHIN);
            assertNotNull(verification, "no verification for " + topic);
            assertEquals("subscribe", verification.query().get("hub.mode"));
        }
        for (TestServer server : fleet.servers()) {
            FleetAwait.until("server on " + server.server.actualPort() + " holds a copy of the 3 subscriptions",
                    () -> Fleet.metric(server, "tme_websub_subscriptions") == 3,
                    () -> Fleet.metrics(server).toString());
        }
    }

    /**
     * Every reader's next events are {@code posts}, in order and nothing else; every subscriber has acknowledged
     * them (its full list is checked at the end).
     */
    private void everyoneGot(List<Integer> posts, List<Subscriber> receiving) {
        for (SseClient reader : readers) {
            assertEquals(posts, postIdsUpTo(reader, posts.getLast()), "each once, in order");
        }
        for (Subscriber subscriber : receiving) {
            FleetAwait.until(FORMATS.get(subscribers.indexOf(subscriber)) + " subscriber has " + posts,
                    () -> acknowledgedPosts(subscriber).containsAll(posts),
                    () -> acknowledgedPosts(subscriber).toString());
        }
    }

    /** {@code count} posts published on t.me, their ids. */
    private List<Integer> publish(String text, int count) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            ids.add(fleet.tme.publish("telegram", text + ", " + i));
        }
        return ids;
    }

    /** A reader's load of the page while Redis is down: t.me shows the post, and it cannot be published. */
    private void loadedWhileRedisIsDown(TestServer server, String text) {
        FleetAwait.until("a load that shows \"" + text + "\"", () -> {
            var body = server.get("/v1/body/telegram");
            return body.statusCode() == 200 && body.body().contains(text);
        }, () -> "t.me hits: " + fleet.tme.hits("/s/telegram"));
    }


    /** The post ids {@code stream} delivers from now up to and including {@code last}, in the order they came. */
    private static List<Integer> postIdsUpTo(SseClient stream, int last) {
        return stream.postIdsUpTo(last, WITHIN);
    }

    private static final Map<String, Pattern> POST_IDS = Map.of(
            "application/atom+xml", Pattern.compile("<id>https://t\\.me/telegram/(\\d+)</id>"),
            "application/rss+xml", Pattern.compile("<guid[^>]*>https://t\\.me/telegram/(\\d+)</guid>"),
            "application/feed+json", Pattern.compile("\"id\"\\s*:\\s*\"https://t\\.me/telegram/(\\d+)\""));

    /**
     * The posts of every delivery the subscriber received (answered or not), in the order they came, each
     * delivery's oldest first (a feed lists its posts newest first): a post sent twice shows twice.
     */
    private static List<Integer> deliveredPosts(Subscriber subscriber) {
        return posts(subscriber.all().stream().filter(delivery -> !isResync(delivery)).toList());
    }

    /** Every post in the deliveries the subscriber acknowledged, resyncs included. */
    private static List<Integer> acknowledgedPosts(Subscriber subscriber) {
        return posts(subscriber.acknowledged());
    }

    /** The whole-feed deliveries ({@code X-Hub-Resync: true}) the subscriber received. */
    private static long resyncs(Subscriber subscriber) {
        return subscriber.all().stream().filter(WebSubRedisWipeFleetTest::isResync).count();
    }

    /** A resync: the hub could not tell which posts the subscriber had, and sent the whole feed. */
    private static boolean isResync(Subscriber.Received delivery) {
        return delivery.method().equals("POST") && "true".equals(delivery.headers().get("X-Hub-Resync"));
    }

    private static List<Integer> posts(List<Subscriber.Received> received) {
        List<Integer> posts = new ArrayList<>();
        for (Subscriber.Received delivery : received) {
            if (delivery.method().equals("POST")) {
                String type = delivery.headers().getOrDefault("Content-Type", "").split(";", 2)[0];
                Pattern ids = POST_IDS.get(type);
                assertNotNull(ids, "a delivery of " + type);
                List<Integer> shown = ids.matcher(delivery.text()).results()
                        .map(match -> Integer.parseInt(match.group(1))).sorted().toList();
                posts.addAll(shown);
            }
        }
        return posts;
    }

    private static SseClient open(TestServer server) {
        SseClient client = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram");
        assertEquals(200, client.response.statusCode());
        return client;
    }

    private static HttpResponse<String> subscribe(TestServer server, String topic, Subscriber subscriber) {
        String form = "hub.mode=subscribe&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode(subscriber.callback("/cb"), StandardCharsets.UTF_8)
                + "&hub.secret=wipe-secret&hub.lease_seconds=3600";
        return server.send(server.request("/websub").POST(HttpRequest.BodyPublishers.ofString(form))
                .header("Content-Type", "application/x-www-form-urlencoded").build());
    }

    /** A refresher in this process on the fleet's Redis and fake t.me: it keeps the watched channel loaded. */
    private TestServer refresher() {
        Map<String, String> env = new HashMap<>(ENV);
        env.put("REDIS_URL", fleet.redis.url());
        env.put("ROLE", "refresher");
        return new TestServer(env, InstantSource.system(), fleet.tme);
    }
}
