package tme.api.render;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import tme.api.memory.Weights;
import tme.cache.Stored;

/**
 * Each stored answer that is read often decoded once ({@link StoredJson}), kept beside the stored bytes and read by
 * every later GraphQL query and feed build: a hit costs a lookup, not a decompression and a parse of the whole page
 * (measured in {@code GraphQLHitBenchmark}); a feed rebuilt every few seconds from the same popular pages reads each
 * page's tree instead of decompressing and parsing it again (the largest allocation under the mixed load,
 * docs/performance.md section 17). The answer was rendered once, by the load that stored it; nobody renders it again.
 *
 * <p>Kept like the decompressed copies REST writes ({@code BodyCopies}): keyed by the stored value's identity
 * ({@code weakKeys}), dropped when the value leaves L1 ({@link #forget}), and a newer entry never meets an old copy;
 * under its own memory bound ({@code MEMORY_CACHE_DECODED_MB}). Decoding runs on the worker pool, once per value
 * however many queries ask meanwhile. A value's first {@code KEEP_AT - 1} reads decode it each
 * for itself, kept by nobody: a tree that would be replaced before it is read again is not worth its copying by the
 * collector. A bound of 0 keeps none: every read decodes again.
 */
public final class DecodedCopies {

    /**
     * Heap a decoded answer retains per byte of its JSON, rounded up from {@code DecodedCopiesTest}: 1.5 for the
     * recorded Russian-language pages, 2.3 for durov's, whose emoji make its strings UTF-16 (Latin-1 ones take a
     * byte a character), plus a map of boxed values per JSON object.
     */
    static final int BYTES_PER_JSON_BYTE = 3;
    /** Heap of an entry beyond its tree: the weak key, the node, the future. */
    static final int ENTRY_OVERHEAD = 160;

    /**
     * Reads a value gets before its decoded tree is kept. A kept tree outlives young collections and is copied into
     * the old generation, a third of a megabyte of small objects per page; under the mixed load, where a latest page
     * is replaced every 10 s, those copies were most of each young pause (12-16 MB promoted a pause, against 3-4 MB
     * with no trees kept), and every hit waits out a pause. A tree read fewer times is decoded for each read, on a
     * worker, and dies young; a value read this often (a popular page, GraphQL queries hammering one channel) is
     * decoded once more and then shared, as before (docs/performance.md, section 17).
     */
    public static final int KEEP_AT = 4;
    /** How many values not kept yet have their reads counted (by identity, weakly: a replaced value drops out). */
    static final int COUNTED_MAX = 16_384;

    private final AsyncCache<Stored, Object> copies;
    // Reads so far of values with no kept tree: a value is kept from its KEEP_AT-th read.
    private final Cache<Stored, Integer> reads;
    private final WorkerExecutor workers;
    private final LongAdder decodes = new LongAdder();

    private DecodedCopies(AsyncCache<Stored, Object> copies, WorkerExecutor workers) {
        this.copies = copies;
        this.reads = Caffeine.newBuilder().executor(Runnable::run).weakKeys().maximumSize(COUNTED_MAX).build();
        this.workers = workers;
    }

    /** Copies bounded to {@code maxBytes} of heap, decoded on {@code workers} unless told otherwise; 0 keeps none. */
    public static DecodedCopies bounded(long maxBytes, WorkerExecutor workers) {
        return new DecodedCopies(maxBytes <= 0 ? null : Caffeine.newBuilder()
                .executor(Runnable::run) // upkeep on the caller's thread: no pool thread woken from an event loop
                .weakKeys()
                .maximumWeight(maxBytes)
                .<Stored, Object>weigher((stored, tree) -> weight(stored))
                .buildAsync(), workers);
    }

    /** The decoded answer of {@code stored} (a 200 answer's JSON): at once when kept, else decoded on the workers. */
    public Future<Object> of(Stored stored) {
        return of(stored, workers);
    }

    /** As {@link #of(Stored)}, a decode it starts run on {@code on} (a feed build's own pool). */
    public Future<Object> of(Stored stored, WorkerExecutor on) {
        if (copies == null) {
            return decode(stored, on);
        }
        CompletableFuture<Object> kept = copies.getIfPresent(stored);
        if (kept != null) {
            return Future.fromCompletionStage(kept); // the hit: one lookup
        }
        if (reads.asMap().merge(stored, 1, Integer::sum) < KEEP_AT) {
            return decode(stored, on); // not read often enough yet to be worth a kept tree
        }
        CompletableFuture<Object> copy = copies.get(stored, (value, executor) ->
                decode(value, on).toCompletionStage().toCompletableFuture());
        return Future.fromCompletionStage(copy);
    }

    /**
     * Drops what is kept for {@code stored}, which left L1 ({@code TwoLevelCache.onDeparted}): at once, so the bound
     * weighs live values only. Left to the weak keys, a value promoted to the old generation is cleared at the next
     * marking cycle, and until then its dead tree's weight pushed live ones out.
     */
    public void forget(Stored stored) {
        reads.invalidate(stored);
        if (copies != null) {
            copies.synchronous().invalidate(stored);
        }
    }

    /** Answers decoded so far: each read of a value before its {@link #KEEP_AT}-th, then once for all the later. */
    public long decodes() {
        return decodes.sum();
    }

    /** The heap the kept copies are accounted for, against the bound ({@code MEMORY_CACHE_DECODED_MB}). */
    public long weightedBytes() {
        return copies == null ? 0 : Weights.of(copies.synchronous());
    }

    /** The heap a decoded copy of {@code stored} is accounted for. */
    static int weight(Stored stored) {
        long weight = (long) stored.rawSize() * BYTES_PER_JSON_BYTE + ENTRY_OVERHEAD;
        return (int) Math.min(Integer.MAX_VALUE, weight);
    }

    private Future<Object> decode(Stored stored, WorkerExecutor on) {
        return on.executeBlocking(() -> {
            decodes.increment();
            return StoredJson.decode(stored.raw());
        }, false);
    }
}
