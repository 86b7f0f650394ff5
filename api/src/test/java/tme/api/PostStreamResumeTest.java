package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A resume is exact or refused: an API server and a refresher on one real Redis, {@code REFRESH_INTERVAL=2s}. A
 * reader away while posts 504 and 505 were published comes back with its {@code Last-Event-ID} while Redis is paused
 * (SIGSTOP: the link black-holed, every command times out): its stream ends with a {@code retry:} and no post, rather
 * than going live past the two it missed. Once Redis answers again, the same id brings exactly 504, 505 and what
 * follows, in order.
 *
 * <p>No sleeps: each wait is a generous deadline on a message or a metric, never a latency bound.
 */
class PostStreamResumeTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "STREAM_HEARTBEAT", "1s");

    private final Fleet fleet = new Fleet(1, ENV, InstantSource.system());
    private final TestServer server = fleet.server(0);
    private final TestServer refresher = refresher();

    @AfterEach
    void stop() {
        refresher.close();
        fleet.close();
    }

    @Test
    void resumeWhileRedisIsPaused_endsWithRetry_thenTheSameIdGetsExactlyWhatWasMissed() {
        fleet.tme.anyChannelAs("durov");
        try (SseClient stayed = open(); SseClient away = open()) {
            fleet.awaitBaseline("telegram");
            assertEquals(503, fleet.tme.publish("telegram", "Seen before going away"));
            SseClient.Message seen = away.nextEvent(WITHIN);
            assertNotNull(seen, "post 503 within " + WITHIN);
            away.close();
            fleet.tme.publish("telegram", "Missed while away, one");
            int missed = fleet.tme.publish("telegram", "Missed while away, two");
            assertEquals(List.of(503, 504, 505), postIdsUpTo(stayed, missed), "both are in the log");

            fleet.redis.pause();
            try (SseClient back = open("Last-Event-ID", seen.id())) {
                assertRefusedWithRetry(back);
            } finally {
                fleet.redis.resume();
            }

            try (SseClient back = resumeUntilAccepted(seen.id())) {
                assertEquals(List.of(505), postIdsUpTo(back, missed), "504 first, then 505");
                int marker = fleet.tme.publish("telegram", "Published after the reader came back");
                assertEquals(List.of(marker), postIdsUpTo(back, marker), "then live, nothing twice");
                assertEquals(List.of(marker), postIdsUpTo(stayed, marker), "the stream that stayed");
            }
        }
        assertTrue(Fleet.metric(server, "tme_streams_resumes_refused_total") >= 1, "counted");
    }


    /** The stream sends no post, then a {@code retry:} with its reason, then ends. */
    static void assertRefusedWithRetry(SseClient stream) {
        List<SseClient.Message> seen = new ArrayList<>();
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            SseClient.Message message = stream.next(WITHIN);
            assertNotNull(message, "the stream neither ended nor sent anything within " + WITHIN);
            assertTrue(message == SseClient.Message.END || message.event() == null,
                    "no post on a resume the log could not serve: " + message + " after " + seen);
            if (message == SseClient.Message.END) {
                SseClient.Message last = seen.getLast();
                assertEquals("3000", last.retry(), "ends with a retry: " + seen);
                assertEquals(List.of("could not read what was published since Last-Event-ID; reconnect with it"),
                        last.comments());
                return;
            }
            seen.add(message);
        }
        fail("the stream went live without the posts it missed: no end within " + WITHIN + ", " + seen.size()
                + " messages, none a post, the first " + seen.getFirst());
    }

    /**
     * Reconnects with {@code id} as a client would until a stream serves it (the breaker may stay open a while after
     * Redis is back, and each such resume is refused again): that stream, its first post (504, the first missed) read.
     */
    private SseClient resumeUntilAccepted(String id) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            SseClient back = open("Last-Event-ID", id);
            SseClient.Message first = back.nextEvent(WITHIN);
            assertNotNull(first, "nothing within " + WITHIN);
            if (first != SseClient.Message.END) {
                assertEquals(504, postId(first), "the first post missed comes first");
                return back;
            }
            back.close(); // refused again: the log still out of reach
        }
        throw new AssertionError("no resume served within " + WITHIN);
    }

    /** The post ids {@code stream} delivers from now up to and including {@code last}, in the order they came. */
    private static List<Integer> postIdsUpTo(SseClient stream, int last) {
        return stream.postIdsUpTo(last, WITHIN);
    }

    private static int postId(SseClient.Message event) {
        assertEquals("post", event.event(), event.toString());
        return new JsonObject(event.data()).getJsonObject("post").getInteger("id");
    }

    private SseClient open(String... headers) {
        SseClient client = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram", headers);
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
