package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Redis SIGKILLed under an API server and a refresher while t.me's page shows only the 5 newest posts and 12 are
 * published: the server loads the watched channel itself while Redis is out of reach, keeps what it could not append,
 * and once Redis is back (restarted empty) the reader gets all 12 and a marker published after, each once, in order.
 * Before, nobody loaded the page during the outage (the API server only registered with the schedule in Redis, the
 * refresher could not claim), so 7 of the 12 fell off the page unseen; and a load that did see them kept nothing.
 *
 * <p>No sleeps: each wait is a generous deadline on a message or on the fake's hit count, never a latency bound.
 */
class PostStreamOffPageTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final int SHOWN = 5;
    private static final int DURING = 12;
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
    void redisDownWhileMorePostsThanThePageShowsAppear_everyOneReachesTheReaderOnce() {
        fleet.tme.anyChannelAs("durov").showPublished(SHOWN);
        try (SseClient reader = open()) {
            FleetAwait.until("the baseline stored in Redis",
                    () -> "1".equals(fleet.redis.command("EXISTS", "tme:v1:full:body:telegram:0")),
                    () -> fleet.redis.command("KEYS", "*"));
            int before = fleet.tme.publish("telegram", "Published before the outage");
            assertEquals(List.of(before), postIdsUpTo(reader, before));

            fleet.redis.kill();
            List<Integer> expected = new ArrayList<>();
            for (int i = 1; i <= DURING; i++) {
                expected.add(fleet.tme.publish("telegram", "Published while Redis was down, " + i));
                loadedAfter(expected.getLast());
            }
            fleet.redis.restart();
            expected.add(fleet.tme.publish("telegram", "A marker published after Redis came back empty"));

            assertEquals(DURING + 1, expected.size());
            assertEquals(expected, postIdsUpTo(reader, expected.getLast()), "all 12 and the marker, each once");
        }
        // Awaited, not asserted at once: the kept posts may reach the log (a Watchers round) before the generation
        // check (every 2 s) tells the wipe.
        FleetAwait.until("the wipe seen", () -> Fleet.metric(server, "tme_redis_wipes_total") >= 1,
                () -> "wipes: " + Fleet.metric(server, "tme_redis_wipes_total"));
    }

    /** A load of the page that started after {@code post} was published (so it shows it), while Redis is down. */
    private void loadedAfter(int post) {
        long hits = fleet.tme.hits("/s/telegram");
        FleetAwait.until("a load of the page showing post " + post, () -> fleet.tme.hits("/s/telegram") > hits,
                () -> "t.me hits: " + fleet.tme.hits("/s/telegram"));
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
