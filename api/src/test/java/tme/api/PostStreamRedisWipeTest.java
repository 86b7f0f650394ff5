package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Redis SIGKILLed and restarted empty (no persistence, as the ops docs run it) under an API server and a refresher,
 * {@code REFRESH_INTERVAL=2s}: a live reader gets the post published during the outage (a reader's load of the page
 * then could not publish it, and that page became the one the next load replaces) and the one published after, each
 * once, in order. Before, the wiped schedule stayed empty until the server re-sent the channel {@code REFRESH_IDLE/12}
 * (5 min) later, and a load with no previous page took the page as a baseline: both posts were lost.
 *
 * <p>No sleeps: each wait is a generous deadline on a message, a key or a metric, never a latency bound.
 */
class PostStreamRedisWipeTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final String DUE = "tme:v1:{refresh}:due";
    private static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "STREAM_HEARTBEAT", "1s",
            "REDIS_BREAKER_OPEN_FOR", "3s");

    private final Fleet fleet = new Fleet(1, ENV, InstantSource.system());
    private final TestServer server = fleet.server(0);
    private final TestServer refresher = refresher();

    @AfterEach
    void stop() {
        refresher.close();
        fleet.close();
    }

    @Test
    void redisRestartedEmpty_postsPublishedDuringAndAfterTheOutageReachTheReaderOnce() {
        fleet.tme.anyChannelAs("durov");
        try (SseClient reader = open()) {
            FleetAwait.until("the baseline stored in Redis",
                    () -> "1".equals(fleet.redis.command("EXISTS", "tme:v1:full:body:telegram:0")),
                    () -> fleet.redis.command("KEYS", "*"));
            int before = fleet.tme.publish("telegram", "Published before the outage");
            assertEquals(List.of(before), postIdsUpTo(reader, before));

            fleet.redis.kill();
            int during = fleet.tme.publish("telegram", "Published while Redis was down");
            loadedWhileRedisIsDown(during);
            fleet.redis.restart();
            int after = fleet.tme.publish("telegram", "Published after Redis came back empty");

            assertEquals(List.of(during, after), postIdsUpTo(reader, after), "each once, in order");
            FleetAwait.until("the schedule holds the channel again", () -> fleet.redis.command("ZSCORE", DUE,
                    "telegram") != null, () -> fleet.redis.command("ZRANGE", DUE, "0", "-1"));
            int marker = fleet.tme.publish("telegram", "A marker published last");
            assertEquals(List.of(marker), postIdsUpTo(reader, marker), "nothing twice");
        }
        assertTrue(Fleet.metric(server, "tme_redis_wipes_total") >= 1, "the wipe was seen");
        assertTrue(Fleet.metric(server, "tme_refresh_restored_total") >= 1, "the channel was put back");
    }

    /** A reader's load of the page while Redis is down: t.me shows {@code post}, and it cannot be published. */
    private void loadedWhileRedisIsDown(int post) {
        FleetAwait.until("a load that shows post " + post, () -> {
            var body = server.get("/v1/body/telegram");
            return body.statusCode() == 200 && body.body().contains("Published while Redis was down");
        }, () -> "t.me hits: " + fleet.tme.hits("/s/telegram"));
    }

    /** The post ids {@code stream} delivers from now up to and including {@code last}, in the order they came. */
    private static List<Integer> postIdsUpTo(SseClient stream, int last) {
        return stream.postIdsUpTo(last, WITHIN);
    }

    private SseClient open() {
        SseClient client = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram");
        assertEquals(200, client.response.statusCode());
        return client;
    }

    /** A refresher in this process on the fleet's Redis and fake t.me: it keeps the watched channel loaded. */
    private TestServer refresher() {
        Map<String, String> env = new HashMap<>(ENV);
        env.put("REDIS_URL", fleet.redis.url());
        env.put("ROLE", "refresher");
        return new TestServer(env, InstantSource.system(), fleet.tme);
    }
}
