package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.RedisProxy;

/**
 * A reader resuming while its server's Redis link is black-holed misses nothing the log holds. An API server reaches
 * Redis through a {@link RedisProxy}; a refresher (which publishes the posts) reaches it directly, so the log keeps
 * growing while only the server's link is out. A reader away while posts 504 to 508 were published comes back with
 * its {@code Last-Event-ID} as the proxy black-holes the link (connections accepted and read, nothing answered), and
 * then behaves as an {@code EventSource}: on the stream's end it reconnects with the last id it got. Once the link
 * is back and one more post is published, it must have had 504 to 508 and that post, in order, each once: 0 of 5
 * missed, whether the server refused the resume during the black hole or served it.
 *
 * <p>On the code before "a resume is exact or refused" the catch-up read failed into an empty list and the stream
 * went live past the gap: the reader got the last post alone (5 of 5 missed). The black hole lasts until the resumed
 * stream ends, or {@link #LINK_DOWN_AT_MOST} for a stream that went live (it never ends by itself). No sleeps: every
 * wait is a deadline on a message or on what the proxy counted.
 */
class PostStreamBlackHoleTest {

    private static final Duration WITHIN = FleetAwait.DEADLINE;
    private static final Duration LINK_DOWN_AT_MOST = Duration.ofSeconds(20);
    private static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "STREAM_HEARTBEAT", "1s");

    private final Fleet fleet = new Fleet(0, ENV, InstantSource.system());
    private final RedisProxy link = RedisProxy.to(fleet.redis);
    private final TestServer server = new TestServer(withRedis(link.url(), Map.of()), InstantSource.system(),
            fleet.tme);
    private final TestServer refresher = new TestServer(withRedis(fleet.redis.url(), Map.of("ROLE", "refresher")),
            InstantSource.system(), fleet.tme);

    @AfterEach
    void stop() {
        refresher.close();
        server.close();
        link.close();
        fleet.close();
    }

    @Test
    void resumeWhileTheServersRedisLinkIsBlackHoled_missesNothingTheLogHolds() {
        fleet.tme.anyChannelAs("durov");
        try (SseClient stayed = open(); SseClient away = open()) {
            fleet.awaitBaseline("telegram");
            assertEquals(503, fleet.tme.publish("telegram", "Seen before going away"));
            SseClient.Message seen = away.nextEvent(WITHIN);
            assertNotNull(seen, "post 503 within " + WITHIN);
            away.close();
            List<Integer> missed = IntStream.rangeClosed(1, 5)
                    .map(n -> fleet.tme.publish("telegram", "Missed while away, " + n)).boxed().toList();
            assertEquals(List.of(504, 505, 506, 507, 508), missed);
            assertEquals(concat(List.of(503), missed), postIdsUpTo(stayed, 508), "all five are in the log");

            link.blackHole();
            long droppedBefore = link.dropped();
            SseClient resumed = open("Last-Event-ID", seen.id());
            List<Integer> got = new ArrayList<>();
            String lastId = seen.id();
            SseClient.Message during = resumed.nextEvent(LINK_DOWN_AT_MOST);
            FleetAwait.until("the server's Redis traffic met the black hole", () -> link.dropped() > droppedBefore,
                    () -> "dropped " + link.dropped());
            if (during != null && during != SseClient.Message.END) {
                got.add(postId(during));
                lastId = during.id();
            }
            link.pass();

            int marker = fleet.tme.publish("telegram", "Published once the link was back");
            got.addAll(asAnEventSource(during == SseClient.Message.END ? null : resumed, lastId, marker));
            assertEquals(concat(missed, List.of(marker)), got, "0 of " + missed.size() + " missed, none twice");
        }
    }

    /**
     * The posts up to {@code last} an {@code EventSource} gets: it reads {@code stream} (null: it has ended) and,
     * whenever a stream ends, reconnects with the last id it got.
     */
    private List<Integer> asAnEventSource(SseClient stream, String lastId, int last) {
        List<Integer> ids = new ArrayList<>();
        SseClient current = stream == null ? open("Last-Event-ID", lastId) : stream;
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (ids.isEmpty() || ids.getLast() < last) {
            assertTrue(System.nanoTime() < deadline, "post " + last + " never came within " + WITHIN + "; " + ids);
            SseClient.Message event = current.nextEvent(WITHIN);
            assertNotNull(event, "nothing within " + WITHIN + " after " + ids);
            if (event == SseClient.Message.END) {
                current.close(); // refused (the log still out of reach): back with the same id
                current = open("Last-Event-ID", lastId);
                continue;
            }
            ids.add(postId(event));
            lastId = event.id();
        }
        current.close();
        return ids;
    }


    /** The post ids {@code stream} delivers from now up to and including {@code last}, in the order they came. */
    private static List<Integer> postIdsUpTo(SseClient stream, int last) {
        return stream.postIdsUpTo(last, WITHIN);
    }

    private static int postId(SseClient.Message event) {
        assertEquals("post", event.event(), event.toString());
        return new JsonObject(event.data()).getJsonObject("post").getInteger("id");
    }

    private static List<Integer> concat(List<Integer> first, List<Integer> then) {
        List<Integer> all = new ArrayList<>(first);
        all.addAll(then);
        return all;
    }

    private SseClient open(String... headers) {
        SseClient client = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram", headers);
        assertEquals(200, client.response.statusCode());
        return client;
    }

    private static Map<String, String> withRedis(String url, Map<String, String> more) {
        Map<String, String> env = new HashMap<>(ENV);
        env.putAll(more);
        env.put("REDIS_URL", url);
        return env;
    }
}
