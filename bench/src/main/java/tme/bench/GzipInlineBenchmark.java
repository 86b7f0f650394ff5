package tme.bench;

import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import tme.api.http.BenchAccess;

/**
 * Where the first gzip answer of a value should compress it inline, on the event loop, rather than on the worker
 * pool with the request waiting ({@code GzipCopies.INLINE_MAX}): the server's own gzip of the first {@code size}
 * bytes of the recorded durov answer, against the round trip to a worker and back that the wait costs beside the
 * compression itself ({@code workerRoundTrip}: an empty task, as the server's pool runs it).
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar GzipInlineBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class GzipInlineBenchmark extends AverageTimeBenchmark {

    @Param({"512", "1024", "2048", "4096", "8192", "16384", "65536"})
    public int size;

    private byte[] json;
    private Vertx vertx;
    private WorkerExecutor workers;

    @Setup(Level.Trial)
    public void setUp() {
        byte[] whole = Page.DUROV.json();
        json = Arrays.copyOf(whole, Math.min(size, whole.length));
        vertx = Vertx.vertx();
        workers = vertx.createSharedWorkerExecutor("gzip-bench", 2);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        workers.close();
        vertx.close().await();
    }

    @Benchmark
    public byte[] gzipInline() {
        return BenchAccess.gzip(json);
    }

    @Benchmark
    public Object workerRoundTrip() {
        return workers.executeBlocking(() -> json, false).await();
    }
}
