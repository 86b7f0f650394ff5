package tme.api.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

class RequestMetersTest {

    private static final String BODY = "/v1/body/:channel";
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void eachThreadsRequests_areAddedUpInOneSeries() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        RequestMeters meters = new RequestMeters(registry);
        Runnable hundredHits = () -> {
            for (int i = 0; i < 100; i++) {
                meters.record(BODY, 200, AnswerLevel.L1, System.nanoTime());
            }
        };
        Thread other = new Thread(hundredHits);
        other.start();
        hundredHits.run();
        other.join(10_000);
        meters.record(BODY, 404, AnswerLevel.L1, System.nanoTime());
        meters.record(BODY, 200, AnswerLevel.UPSTREAM, System.nanoTime() - 3_000 * MS);

        assertEquals(200, meters.count(BODY, 200, AnswerLevel.L1));
        assertEquals(1, meters.count(BODY, 404, AnswerLevel.L1));
        String scrape = registry.scrape();
        String hits = "{level=\"l1\",route=\"/v1/body/:channel\",status=\"200\"";
        assertTrue(scrape.contains("tme_http_requests_seconds_count" + hits + "} 200\n"), scrape);
        assertTrue(scrape.contains("tme_http_requests_seconds_bucket" + hits + ",le=\"+Inf\"} 200\n"), scrape);
        String load = "{level=\"upstream\",route=\"/v1/body/:channel\",status=\"200\"";
        assertTrue(scrape.contains("tme_http_requests_seconds_bucket" + load + ",le=\"2.5\"} 0\n"), "3 s is over 2.5 s");
        assertTrue(scrape.contains("tme_http_requests_seconds_bucket" + load + ",le=\"+Inf\"} 1\n"), scrape);
        String max = "tme_http_requests_seconds_max" + load + "} ";
        int at = scrape.indexOf(max) + max.length();
        double slowest = Double.parseDouble(scrape.substring(at, scrape.indexOf('\n', at)));
        assertTrue(slowest >= 3.0 && slowest < 4.0, "the slowest of the window: " + slowest);
    }

    @Test
    void aBucketsBound_isInTheBucket() {
        assertEquals(0, LoopTimings.bucket(MS), "le=0.001 takes exactly 1 ms");
        assertEquals(1, LoopTimings.bucket(MS + 1));
        assertEquals(10, LoopTimings.bucket(2_500 * MS));
        assertEquals(11, LoopTimings.bucket(2_500 * MS + 1), "past the last bound: +Inf only");
    }

    @Test
    void theSlowest_coversThisWindowAndTheOneBefore_thenGoesBackToZero() {
        LoopTimings timings = new LoopTimings();
        long window = 1L << LoopTimings.WINDOW_SHIFT;
        long start = 100 * window;
        timings.record(BODY, 0, 40 * MS, start);
        timings.record(BODY, 0, 7 * MS, start + window); // the next window: 40 ms is the previous one's
        long[] row = row(timings);
        assertEquals(40 * MS, LoopTimings.slowestSince(row, start + window));
        assertEquals(7 * MS, LoopTimings.slowestSince(row, start + 2 * window), "a window later: only the 7 ms");
        assertEquals(0, LoopTimings.slowestSince(row, start + 3 * window), "two windows with nothing: 0");

        timings.record(BODY, 0, 5 * MS, start + 5 * window); // after a gap: the old windows are gone
        assertEquals(5 * MS, LoopTimings.slowestSince(row, start + 5 * window));
        for (int bucket : new int[] {2, 3, 5}) {
            assertEquals(1, LoopTimings.read(row, bucket), "5 ms, 7 ms and 40 ms: le=0.005, 0.01 and 0.05");
        }
        assertEquals(0, LoopTimings.read(row, 0) + LoopTimings.read(row, 1) + LoopTimings.read(row, 4));
        assertEquals(52 * MS, LoopTimings.read(row, LoopTimings.SUM));
    }

    private static long[] row(LoopTimings timings) {
        AtomicReferenceArray<long[]> rows = timings.routes.get(BODY);
        return rows.get(0);
    }
}
