package tme.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * CPU time of the benchmark JVM per operation, next to JMH's wall-clock score. On the shared 2-core machine
 * other processes take the CPU away mid-iteration: the wall-clock score then counts time the benchmark was not
 * running, while CPU time counts only what the operation cost (plus the JVM's own GC and JIT threads, which a
 * server pays too). It does not remove the other effect of a busy machine: caches shared with other work.
 *
 * <p>Use: {@code java -jar bench/target/benchmarks.jar HitPathBenchmark -f 1 -wi 3 -i 5 -prof tme.bench.CpuTimeProfiler}
 * (single-threaded benchmarks only: with {@code -t N} it reports the CPU of all N threads per operation).
 */
public final class CpuTimeProfiler implements InternalProfiler {

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    // Written before an iteration and read after it, both on JMH's control thread.
    private long cpuNanosBefore;

    @Override
    public String getDescription() {
        return "process CPU time per operation, in the benchmark's time unit";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        cpuNanosBefore = os.getProcessCpuTime();
    }

    @Override
    @SuppressWarnings("rawtypes") // JMH's InternalProfiler declares the raw Result
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
                                                       IterationResult result) {
        long cpuNanos = os.getProcessCpuTime() - cpuNanosBefore;
        long ops = result.getMetadata().getAllOps(); // every operation run while the CPU was counted
        if (ops == 0) {
            return List.of();
        }
        double nanosPerUnit = benchmark.getTimeUnit().toNanos(1);
        String unit = result.getScoreUnit();
        return List.of(new ScalarResult("cpu", cpuNanos / nanosPerUnit / ops, unit, AggregationPolicy.AVG));
    }
}
