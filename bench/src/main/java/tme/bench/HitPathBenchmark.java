package tme.bench;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.InstantSource;
import io.vertx.core.buffer.Buffer;
import java.util.function.Function;
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
import tme.cache.Stored;
import tme.cache.TwoLevelCache;
import tme.coalescing.Asker;
import tme.coalescing.CoalescingCache;
import tme.coalescing.CoalescingConfig;
import tme.coalescing.Leases;
import tme.coalescing.Loader;
import tme.coalescing.Result;

/**
 * The hit path of one hot key holding a large recorded answer ({@link Page}): what the server does per request
 * once the answer is cached. Issue 3's target: lookup + decompression under 40 microseconds.
 *
 * <ul>
 *   <li>{@code lookupAndDecompress}: {@code TwoLevelCache.get(key)} (L1 hit) + {@code Stored.raw()}, for a client
 *       without zstd;</li>
 *   <li>{@code lookupAndRawCopy}: the same lookup, then the server's decompressed copy of the answer
 *       ({@code BodyCopies}, {@code MEMORY_CACHE_RAW_MB}): what a client without zstd costs once the answer is hot;</li>
 *   <li>{@code lookupZstdPassThrough}: the same lookup, the zstd frame sent as it is ({@code Content-Encoding: zstd});</li>
 *   <li>{@code etag}: computing the weak ETag (CRC32C over the stored payload), once per stored value;</li>
 *   <li>{@code etagLookup}: what every hit pays for it since: the lookup of the tag computed once ({@code ValueHeaders});</li>
 *   <li>{@code serviceLookupAndDecompress}: the lookup through {@code CoalescingCache.get}, as the service makes it
 *       (adds the refresh-point check), + decompression.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar HitPathBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class HitPathBenchmark extends AverageTimeBenchmark {

    static final String KEY = "tme:v1:full:body:durov:0";

    @Param({"DUROV", "LARGE"})
    public Page page;

    private Vertx vertx;
    private TwoLevelCache cache;
    private CoalescingCache service;
    private Stored stored;
    private Function<Stored, Buffer> rawCopies;
    private final Function<Stored, CharSequence> etags = BenchAccess.etags();
    // Never called: the key is cached for a day.
    private final Loader noLoad = context -> Future.failedFuture(new IllegalStateException("benchmark key not cached"));

    @Setup(Level.Trial)
    public void setUp() {
        vertx = Vertx.vertx();
        cache = Hits.memoryOnlyCache();
        stored = Hits.store(cache, KEY, page.json());
        rawCopies = BenchAccess.rawCopies(64L * 1024 * 1024);
        service = CoalescingCache.create(cache, Leases.none(), CoalescingConfig.defaults(), InstantSource.system(), vertx);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        vertx.close();
    }

    @Benchmark
    public byte[] lookupAndDecompress() {
        return Hits.stored(cache.get(KEY)).raw();
    }

    @Benchmark
    public Buffer lookupAndRawCopy() {
        return rawCopies.apply(Hits.stored(cache.get(KEY)));
    }

    @Benchmark
    public byte[] lookupZstdPassThrough() {
        return Hits.stored(cache.get(KEY)).payload();
    }

    @Benchmark
    public String etag() {
        return BenchAccess.etag(stored);
    }

    @Benchmark
    public CharSequence etagLookup() {
        return etags.apply(stored);
    }

    @Benchmark
    public byte[] serviceLookupAndDecompress() {
        Result result = service.get(KEY, Asker.of("bench", "bench"), noLoad).result();
        if (result instanceof Result.Found found) {
            return found.value().raw();
        }
        throw new IllegalStateException("expected a cached answer, got " + result);
    }
}
