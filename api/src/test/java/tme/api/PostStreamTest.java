package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One server, no Redis, {@code REFRESH_INTERVAL=2s}: streams of {@code GET /v1/stream} receive what the fake t.me
 * publishes, the server polling the channel itself, and resume with {@code Last-Event-ID}.
 *
 * <p>On the test's own clock: what a stream delivers is asserted as the exact ids in order up to a marker post
 * published last (nothing missing, nothing twice, nothing out of order), never as "nothing arrived within X s"; each
 * wait is a generous deadline, not a latency bound, so a busy machine only makes the test slower.
 */
class PostStreamTest extends ServerTestBase {

    /** How long a post may take to reach a stream before the test gives up: many intervals, not a latency bound. */
    private static final Duration PUSHED_WITHIN = Duration.ofSeconds(60);

    PostStreamTest() {
        super(Map.of("REFRESH_INTERVAL", "2s", "STREAM_HEARTBEAT", "1s"));
    }

    @BeforeEach
    void channel() {
        server.tme.anyChannelAs("durov");
    }

    @Test
    void stream_deliversEachNewPostOnceInOrder_andResumesFromItsId() {
        try (SseClient other = open(); SseClient away = open()) {
            assertEquals("text/event-stream; charset=utf-8", away.response.headers().firstValue("content-type").orElse(""));
            assertEquals("no-store", away.response.headers().firstValue("cache-control").orElse(""));
            assertEquals("no", away.response.headers().firstValue("x-accel-buffering").orElse(""));
            baselineLoaded();

            long published = System.nanoTime();
            int first = server.tme.publish("telegram", "First pushed post");
            SseClient.Message event = away.nextEvent(PUSHED_WITHIN);
            Duration took = Duration.ofNanos(System.nanoTime() - published);

            assertNotNull(event, "no event within " + PUSHED_WITHIN);
            assertEquals("post", event.event());
            assertTrue(event.id() != null && !event.id().isEmpty(), "an id: " + event);
            JsonObject data = new JsonObject(event.data());
            assertEquals("telegram", data.getString("channel"));
            assertEquals(503, first);
            assertEquals(503, data.getJsonObject("post").getInteger("id"));
            assertEquals("First pushed post", data.getJsonObject("post").getJsonObject("content")
                    .getJsonObject("text").getString("string"));
            System.out.printf("stream: post 503 reached the stream %d ms after t.me showed it (REFRESH_INTERVAL 2 s)%n",
                    took.toMillis());
            away.close();

            int second = server.tme.publish("telegram", "Second pushed post");
            assertEquals(504, second);
            assertEquals(List.of(503, 504), postIdsUpTo(other, second), "the stream that stayed");
            try (SseClient back = open("Last-Event-ID", event.id())) {
                int marker = server.tme.publish("telegram", "A marker published after the stream came back");
                assertEquals(List.of(504, marker), postIdsUpTo(back, marker), "504 missed while away, 503 not again");
                assertEquals(List.of(marker), postIdsUpTo(other, marker), "the stream that stayed");
            }
        }
        awaitMetric("tme_events_published_total", 3);
    }

    @Test
    void stream_sendsHeartbeatsAndEndsCleanlyWhenTheServerStops() {
        try (SseClient stream = open()) {
            SseClient.Message opening = stream.next(PUSHED_WITHIN);
            assertEquals(List.of("stream of 1 channel(s)"), opening.comments());
            assertEquals(List.of("heartbeat"), stream.next(PUSHED_WITHIN).comments());
            awaitMetric("tme_streams_open", 1);

            // What SIGTERM does after the drain: the servers are undeployed (each shuts its connections down).
            TestServer.await(io.vertx.core.Future.join(server.vertx.deploymentIDs().stream()
                    .map(server.vertx::undeploy).toList()));

            assertEquals(SseClient.Message.END, nextOtherThanHeartbeat(stream), "the stream ended");
        }
    }

    @Test
    void stream_refusesBadChannelsAndCursors() {
        HttpResponse<String> noChannels = server.get("/v1/stream");
        HttpResponse<String> badName = server.get("/v1/stream?channels=telegram,no");
        HttpResponse<String> badCursor = server.get("/v1/stream?channels=telegram", "Last-Event-ID", "not-ours");

        assertEquals(422, noChannels.statusCode());
        assertEquals("channels", TestServer.json(noChannels).getString("parameter"));
        assertEquals(422, badName.statusCode());
        assertEquals("channels[1]", TestServer.json(badName).getString("parameter"));
        assertEquals(422, badCursor.statusCode());
        assertEquals("Last-Event-ID", TestServer.json(badCursor).getString("parameter"));
    }

    /** The channel's first page (the baseline its new posts are told from) is stored: the fake served it once. */
    private void baselineLoaded() {
        FleetAwait.until("the baseline page loaded", () -> server.tme.hits("/s/telegram") >= 1, () -> "no load yet");
        assertEquals(200, server.get("/v1/body/telegram").statusCode());
    }

    /**
     * The post ids {@code stream} delivers from now up to and including {@code last}, in the order they came; fails
     * when the stream ends, or goes {@link #PUSHED_WITHIN} without an event, before {@code last} came.
     */
    private static List<Integer> postIdsUpTo(SseClient stream, int last) {
        return stream.postIdsUpTo(last, PUSHED_WITHIN);
    }

    /** The next message that is not a heartbeat (one may be on its way when the server stops). */
    private static SseClient.Message nextOtherThanHeartbeat(SseClient stream) {
        SseClient.Message message;
        do {
            message = stream.next(PUSHED_WITHIN);
        } while (message != null && message.comments().equals(List.of("heartbeat")));
        return message;
    }

    private SseClient open(String... headers) {
        SseClient client = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram", headers);
        assertEquals(200, client.response.statusCode());
        return client;
    }
}
