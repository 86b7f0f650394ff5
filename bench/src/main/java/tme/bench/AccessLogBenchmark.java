package tme.bench;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import tme.api.http.AccessLogBenchAccess;

/**
 * What the request pipeline ({@code tme.api.http.RequestStart}) costs a hit, past Vert.x's own end handler list:
 *
 * <ul>
 *   <li>{@code requestId}: a new {@code X-Request-Id} (the process's prefix and a counter in base 36), paid with
 *       {@code ACCESS_LOG} on or off;</li>
 *   <li>{@code endOfRequest}: the access log's share of the end handler on the event loop: the {@code X-Cache}
 *       header among a hit's eight, the clock, the line formatted into the loop's buffer, handed to the writer as
 *       one chunk of bytes every 256 lines;</li>
 *   <li>{@code formatLine}: the formatting alone (part of {@code endOfRequest}).</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar AccessLogBenchmark -f 1 -wi 3 -i 5}
 * ({@code -prof gc} for the bytes each allocates).
 */
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class AccessLogBenchmark extends AverageTimeBenchmark {

    AccessLogBenchAccess log;
    MultiMap headers;
    CharSequence id;

    @Setup(Level.Trial)
    public void setUp() {
        log = new AccessLogBenchAccess();
        headers = HttpHeaders.headers()
                .add(HttpHeaders.CACHE_CONTROL, "public, max-age=8, stale-while-revalidate=10, stale-if-error=86400")
                .add(HttpHeaders.AGE, "2").add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                .add(HttpHeaders.createOptimized("X-Cache"), HttpHeaders.createOptimized("L1"))
                .add(HttpHeaders.ETAG, "W/\"1a2b3c4d-45f2\"").add(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8")
                .add(HttpHeaders.CONTENT_ENCODING, "zstd").add(HttpHeaders.CONTENT_LENGTH, "5123");
        id = AccessLogBenchAccess.newId();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        long dropped = log.dropped();
        log.close();
        if (dropped > 0) {
            System.out.println("lines dropped (the writer fell behind the benchmark): " + dropped);
        }
    }

    @Benchmark
    public CharSequence requestId() {
        return AccessLogBenchAccess.newId();
    }

    @Benchmark
    public void endOfRequest() {
        log.endOfRequest(id, headers, System.nanoTime());
    }

    @Benchmark
    public StringBuilder formatLine(Writer writer) {
        return AccessLogBenchAccess.format(writer.batch, writer.timestamps, id);
    }

    /** A loop's reused buffer and its cache of the current second. */
    @State(Scope.Thread)
    public static class Writer {
        final StringBuilder batch = new StringBuilder(256);
        final Object timestamps = AccessLogBenchAccess.timestamps();
    }
}
