package tme.bench;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import tme.api.metrics.MetricsBenchAccess;

/**
 * What timing one request costs ({@code tme.api.metrics.RequestTiming}), the budget being well under a microsecond:
 *
 * <ul>
 *   <li>{@code l1Hit}: recording an L1 hit of {@code /v1/body/:channel}: the end's {@code System.nanoTime()}, the
 *       thread's own row of the series ({@code LoopTimings}: a route map read, an array slot) and its plain stores
 *       (the SLO bucket, the sum, the max);</li>
 *   <li>{@code mixed}: the same over 24 series (3 routes x 4 levels x 2 statuses) in turn, so no branch or cache line
 *       stays predictable;</li>
 *   <li>{@code endHandler}: what the end handler does in all: two {@code System.nanoTime()} reads, the status, the
 *       {@code X-Cache} header looked up among the eight headers a hit sends, and the record.</li>
 * </ul>
 * Vert.x's own cost of registering the end handler (one small list per request) is not included.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar RequestMetersBenchmark -f 1 -wi 3 -i 5}
 * (add {@code -t 2} to record from two threads at once, as two event loops do: each writes its own row, where a
 * Micrometer Timer shared by both bounced its cache lines between the cores).
 */
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class RequestMetersBenchmark extends AverageTimeBenchmark {

    static final String BODY = "/v1/body/:channel";
    static final String[] ROUTES = {BODY, "/v1/post/:channel/:id", "/v1/preview/:channel"};
    static final String[] LEVELS = {"L1", "L2", "STALE", "upstream"};
    static final int[] STATUSES = {200, 304};

    PrometheusMeterRegistry registry;
    MetricsBenchAccess.Recorder meters;
    MultiMap headers;
    String[] routes;
    String[] levels;
    int[] statuses;

    @Setup
    public void setUp() {
        registry = MetricsBenchAccess.registry();
        meters = MetricsBenchAccess.requestMeters(registry);
        headers = HttpHeaders.headers()
                .add(HttpHeaders.CACHE_CONTROL, "public, max-age=8, stale-while-revalidate=10, stale-if-error=86400")
                .add(HttpHeaders.AGE, "2").add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING).add("X-Cache", "L1")
                .add(HttpHeaders.ETAG, "W/\"1a2b3c4d-45f2\"").add(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8")
                .add(HttpHeaders.CONTENT_ENCODING, "zstd").add(HttpHeaders.CONTENT_LENGTH, "5123");
        int series = ROUTES.length * LEVELS.length * STATUSES.length;
        routes = new String[series];
        levels = new String[series];
        statuses = new int[series];
        for (int i = 0; i < series; i++) {
            routes[i] = ROUTES[i % ROUTES.length];
            levels[i] = LEVELS[(i / ROUTES.length) % LEVELS.length];
            statuses[i] = STATUSES[i / (ROUTES.length * LEVELS.length)];
        }
    }

    /** Which of the mixed series this thread records next. */
    @State(Scope.Thread)
    public static class Cursor {
        int next;
    }

    @Benchmark
    public void l1Hit() {
        meters.record(BODY, 200, "L1", System.nanoTime() - 180_000); // as if it came in 180 µs ago
    }

    @Benchmark
    public void mixed(Cursor cursor) {
        int i = cursor.next;
        cursor.next = i + 1 == routes.length ? 0 : i + 1;
        meters.record(routes[i], statuses[i], levels[i], System.nanoTime() - 180_000 - i);
    }

    @Benchmark
    public void endHandler() {
        long start = System.nanoTime();
        meters.record(BODY, 200, headers.get("X-Cache"), start);
    }

    /** Requests recorded for an L1 hit of the body route so far (for the benchmark's own test). */
    long l1HitsRecorded() {
        return meters.count(BODY, 200, "L1");
    }
}
