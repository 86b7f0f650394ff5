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
 */
class PostStreamTest extends ServerTestBase {

    private static final Duration INTERVAL = Duration.ofSeconds(2);

    PostStreamTest() {
        super(Map.of("REFRESH_INTERVAL", "2s", "STREAM_HEARTBEAT", "1s"));
    }

    @BeforeEach
    void channel() {
        server.tme.anyChannelAs("durov");
    }

    @Test
    void stream_receivesANewPostWithinTheIntervalAndResumesFromItsId() {
        try (SseClient other = open(); SseClient away = open()) {
            assertEquals("text/event-stream; charset=utf-8", away.response.headers().firstValue("content-type").orElse(""));
            assertEquals("no-store", away.response.headers().firstValue("cache-control").orElse(""));
            assertEquals("no", away.response.headers().firstValue("x-accel-buffering").orElse(""));
            baselineLoaded();

            long published = System.nanoTime();
            int first = server.tme.publish("telegram", "First pushed post");
            SseClient.Message event = away.nextEvent(INTERVAL.plusSeconds(3));
            Duration took = Duration.ofNanos(System.nanoTime() - published);

            assertNotNull(event, "no event within REFRESH_INTERVAL + 3 s");
            assertEquals("post", event.event());
            assertTrue(event.id() != null && !event.id().isEmpty(), "an id: " + event);
            JsonObject data = new JsonObject(event.data());
            assertEquals("telegram", data.getString("channel"));
            assertEquals(503, first);
            assertEquals(503, data.getJsonObject("post").getInteger("id"));
            assertEquals("First pushed post", data.getJsonObject("post").getJsonObject("content")
                    .getJsonObject("text").getString("string"));
            assertTrue(took.compareTo(INTERVAL.plusSeconds(3)) < 0, "took " + took);
            System.out.printf("stream: post 503 reached the stream %d ms after t.me showed it (REFRESH_INTERVAL 2 s)%n",
                    took.toMillis());
            away.close();

            int second = server.tme.publish("telegram", "Second pushed post");
            assertEquals(503, new JsonObject(other.nextEvent(INTERVAL.plusSeconds(3)).data())
                    .getJsonObject("post").getInteger("id"));
            assertEquals(504, new JsonObject(other.nextEvent(INTERVAL.plusSeconds(3)).data())
                    .getJsonObject("post").getInteger("id"));
            try (SseClient back = open("Last-Event-ID", event.id())) {
                SseClient.Message missed = back.nextEvent(Duration.ofSeconds(3));
                assertEquals(504, second);
                assertEquals(504, new JsonObject(missed.data()).getJsonObject("post").getInteger("id"));
                assertEquals(null, back.nextEvent(Duration.ofMillis(2500)), "nothing more, 503 not again");
            }
        }
        awaitMetric("tme_events_published_total", 2);
    }

    @Test
    void stream_sendsHeartbeatsAndEndsCleanlyWhenTheServerStops() {
        try (SseClient stream = open()) {
            SseClient.Message opening = stream.next(Duration.ofSeconds(2));
            assertEquals(List.of("stream of 1 channel(s)"), opening.comments());
            assertEquals(List.of("heartbeat"), stream.next(Duration.ofSeconds(3)).comments());
            awaitMetric("tme_streams_open", 1);

            long stopping = System.nanoTime();
            // What SIGTERM does after the drain: the servers are undeployed (each shuts its connections down).
            TestServer.await(io.vertx.core.Future.join(server.vertx.deploymentIDs().stream()
                    .map(server.vertx::undeploy).toList()));

            assertEquals(SseClient.Message.END, stream.next(Duration.ofSeconds(5)));
            assertTrue(Duration.ofNanos(System.nanoTime() - stopping).compareTo(Duration.ofSeconds(5)) < 0);
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

    private SseClient open(String... headers) {
        SseClient client = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram", headers);
        assertEquals(200, client.response.statusCode());
        return client;
    }
}
