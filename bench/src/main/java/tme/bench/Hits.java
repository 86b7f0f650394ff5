package tme.bench;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import tme.cache.CacheConfig;
import tme.cache.L2;
import tme.cache.Lookup;
import tme.cache.Stored;
import tme.cache.TwoLevelCache;

/** The cache as the server runs it without Redis, and the step from a lookup to the stored value. */
final class Hits {

    /** What the service stores for an answer (the api's {@code Answer.KIND_OK}). */
    static final int KIND_OK = 0;
    /** Long enough that nothing expires during a benchmark. */
    static final Duration FRESH_FOR = Duration.ofDays(1);

    private Hits() {}

    /** L1 only ({@link L2#none()}), default size (256 MB), the system clock: the server without {@code REDIS_URL}. */
    static TwoLevelCache memoryOnlyCache() {
        return TwoLevelCache.create(CacheConfig.defaults(), InstantSource.system(), L2.none());
    }

    /** Stores {@code json} as a load does: zstd level 1 when smaller, stored now. */
    static Stored store(TwoLevelCache cache, String key, byte[] json) {
        Stored stored = Stored.of(json, KIND_OK, Instant.now(), FRESH_FOR);
        cache.put(key, stored);
        return stored;
    }

    /** An L1 hit completes its future at once; anything else here is a broken set-up, not a slow path. */
    static Stored stored(Future<Lookup> lookup) {
        if (lookup.result() instanceof Lookup.Hit hit) {
            return hit.stored();
        }
        throw new IllegalStateException("expected an L1 hit, got " + lookup);
    }
}
