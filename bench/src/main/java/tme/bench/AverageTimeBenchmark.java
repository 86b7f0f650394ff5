package tme.bench;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How the benchmarks here run, inherited by each (JMH reads these annotations from superclasses too): the average
 * time of one call, over three warm-up and five measured one-second iterations in one fork. The fork enables native
 * access because zstd-jni loads native code, which the JDK would otherwise warn about. Each benchmark names its own
 * time unit and state scope: they follow from what it measures.
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public abstract class AverageTimeBenchmark {
}
