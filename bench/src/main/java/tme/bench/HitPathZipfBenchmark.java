package tme.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import tme.cache.TwoLevelCache;

/**
 * The hit path of {@link HitPathBenchmark} over many keys read with Zipf popularity (exponent 1), so the
 * lookups spread over the cache's hash table and the payloads do not all sit in the CPU caches: 1000 keys of
 * the large page take about 28 MB of zstd frames, far beyond a core's 2 MB L2 (the VM reports a 300 MB L3,
 * shared with the whole host). Each key holds its own frame (compressed separately from the same JSON: same
 * bytes, separate arrays), so memory traffic is that of 1000 different answers while the work per call stays
 * comparable to the one-key benchmark.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar HitPathZipfBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class HitPathZipfBenchmark extends AverageTimeBenchmark {

    /** Replayed draws: long enough that the sequence does not itself sit in L1d. */
    private static final int DRAWS = 1 << 16;

    @Param({"LARGE"})
    public Page page;

    @Param({"1000"})
    public int keys;

    private TwoLevelCache cache;
    private String[] keyNames;
    private int[] ranks;

    @Setup(Level.Trial)
    public void setUp() {
        byte[] json = page.json();
        cache = Hits.memoryOnlyCache();
        keyNames = new String[keys];
        for (int i = 0; i < keys; i++) {
            keyNames[i] = "tme:v1:full:body:channel" + i + ":0";
            Hits.store(cache, keyNames[i], json);
        }
        ranks = new Zipf(keys, 1.0).draws(DRAWS, 42);
    }

    /** Each benchmark thread walks the draws from its own place. */
    @State(Scope.Thread)
    public static class Cursor {
        private int next;

        int advance() {
            next = (next + 1) & (DRAWS - 1);
            return next;
        }
    }

    @Benchmark
    public byte[] lookupAndDecompress(Cursor cursor) {
        return Hits.stored(cache.get(keyNames[ranks[cursor.advance()]])).raw();
    }

    @Benchmark
    public byte[] lookupZstdPassThrough(Cursor cursor) {
        return Hits.stored(cache.get(keyNames[ranks[cursor.advance()]])).payload();
    }
}
