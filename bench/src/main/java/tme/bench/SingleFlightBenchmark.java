package tme.bench;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tme.coalescing.SingleFlight;

/**
 * The overhead of {@link SingleFlight#run} for a hot key, next to calling the loader directly.
 *
 * <ul>
 *   <li>{@code joinRunningLoad}: a load for the key is running; the caller gets its future (the path every
 *       request but the first takes during a miss storm);</li>
 *   <li>{@code runLoadThatCompletesAtOnce}: no load is running; the caller starts one that is already complete,
 *       so the key enters and leaves the in-flight map on every call;</li>
 *   <li>{@code loaderAlone}: the same loader without single-flight, the baseline.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar SingleFlightBenchmark -f 1 -wi 3 -i 5}
 * (add {@code -t 2} to see both cores contend for the same key).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class SingleFlightBenchmark {

    private static final String RUNNING = "tme:v1:full:body:durov:0";
    private static final String IDLE = "tme:v1:full:body:meduzalive:0";

    private final SingleFlight<String> flights = new SingleFlight<>();
    private final Future<String> done = Future.succeededFuture("answer");
    private final Supplier<Future<String>> completed = () -> done;

    @Setup(Level.Trial)
    public void setUp() {
        Promise<String> never = Promise.promise(); // keeps RUNNING in flight for the whole run
        flights.run(RUNNING, never::future);
    }

    @Benchmark
    public Future<String> joinRunningLoad() {
        return flights.run(RUNNING, completed);
    }

    @Benchmark
    public Future<String> runLoadThatCompletesAtOnce() {
        return flights.run(IDLE, completed);
    }

    @Benchmark
    public Future<String> loaderAlone() {
        return completed.get();
    }
}
