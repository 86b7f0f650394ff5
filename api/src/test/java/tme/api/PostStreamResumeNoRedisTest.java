package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A resume on a server that has not reached Redis since it started (a {@code REDIS_URL} where nothing listens): its
 * channel cannot even be placed in the log, so the catch-up cannot begin. The stream ends with a {@code retry:} and no
 * post, as when the log cannot be read; before, it stayed open with heartbeats only, neither live nor refused.
 */
class PostStreamResumeNoRedisTest {

    /** {@code v1;durov=1700000000000-0}, as the server writes a stream's id (base64url of its positions). */
    private static final String CURSOR = Base64.getUrlEncoder().withoutPadding()
            .encodeToString("v1;durov=1700000000000-0".getBytes(StandardCharsets.UTF_8));

    private final TestServer server = new TestServer(Map.of("REDIS_URL", "redis://127.0.0.1:1",
            "REDIS_START_GRACE", "0s", "STREAM_HEARTBEAT", "1s"));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void resumeWithRedisOutOfReachSinceTheStart_endsWithRetry() {
        server.tme.anyChannelAs("durov");
        try (SseClient back = new SseClient(server.server.actualPort(), "/v1/stream?channels=durov",
                "Last-Event-ID", CURSOR)) {
            assertEquals(200, back.response.statusCode());
            PostStreamResumeTest.assertRefusedWithRetry(back);
        }
        assertEquals(1, Fleet.metric(server, "tme_streams_resumes_refused_total"));
    }
}
