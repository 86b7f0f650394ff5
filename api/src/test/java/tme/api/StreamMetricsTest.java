package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An SSE stream's life is timed in {@code tme_stream_seconds}, not in {@code tme_http_requests_seconds}: a stream held
 * for two heartbeats shows there, with at least their length, and not among the requests, whose percentiles it would
 * skew. A stream refused at once is an ordinary answer and stays among the requests.
 */
class StreamMetricsTest extends ServerTestBase {

    static final Duration HEARTBEAT = Duration.ofMillis(300);
    static final String STREAMS = "tme_stream_seconds_count{route=\"/v1/stream\"}";
    static final String REQUESTS = "tme_http_requests_seconds_count";

    StreamMetricsTest() {
        super(Map.of("STREAM_HEARTBEAT", HEARTBEAT.toMillis() + "ms", "STREAM_MAX_PER_CLIENT", "1"));
    }

    @Test
    void aStreamHeldOpen_isTimedAsAStream_andNotAsARequest() {
        server.tme.anyChannelAs("durov");
        assertEquals(0, Fleet.metric(server, STREAMS), "declared from the start, at 0");

        try (SseClient stream = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram")) {
            assertEquals(200, stream.response.statusCode());
            assertEquals(List.of("stream of 1 channel(s)"), stream.next(Duration.ofSeconds(10)).comments());
            for (int beat = 0; beat < 2; beat++) {
                SseClient.Message heartbeat = stream.next(Duration.ofSeconds(10));
                assertNotNull(heartbeat, "heartbeat " + beat);
                assertEquals(List.of("heartbeat"), heartbeat.comments());
            }
            try (SseClient second = new SseClient(server.server.actualPort(), "/v1/stream?channels=telegram")) {
                assertEquals(429, second.response.statusCode(), "STREAM_MAX_PER_CLIENT=1");
            }
            assertEquals(0, Fleet.metric(server, STREAMS), "an open stream is recorded when it ends");
        }
        awaitMetric(STREAMS, 1);

        PrometheusText metrics = Fleet.metrics(server);
        double seconds = metrics.value("tme_stream_seconds_sum{route=\"/v1/stream\"}");
        assertTrue(seconds >= 2 * HEARTBEAT.toMillis() / 1000.0, "open for two heartbeats at least: " + seconds);
        assertEquals(1, metrics.count(REQUESTS + "{route=\"/v1/stream\",status=\"429\",level=\"none\"}"),
                "the refused stream, an ordinary answer");
        assertEquals(1, Math.round(metrics.sum(REQUESTS, "route=\"/v1/stream\"")), "nothing else of the route: "
                + metrics);
        assertEquals(0, Math.round(metrics.sum("tme_http_requests_seconds_bucket", "route=\"/v1/stream\"",
                "status=\"200\"")), "no stream among the requests");
    }
}
