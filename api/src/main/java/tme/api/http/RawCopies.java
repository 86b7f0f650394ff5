package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import tme.cache.Stored;

/**
 * Decompressed copies of stored answers, for clients that do not accept zstd (Cloudflare's origin pulls among
 * them). Decompressing a 100 KB answer costs about 100 µs here, some 300 times a lookup; with a copy, a hot
 * answer is decompressed once per stored entry instead of once per response.
 *
 * <p>Keys are the stored values themselves, compared by identity ({@code weakKeys}): a copy lives at most as
 * long as the L1 entry that holds its value, and a newer entry for the same cache key never meets an old copy.
 * The copies have their own memory bound ({@code MEMORY_CACHE_RAW_MB}), so L1's bound keeps its meaning.
 */
final class RawCopies {

    /** Bytes an entry costs beyond its array: the weak key reference, the node and the array header. */
    static final int ENTRY_OVERHEAD = 96;

    private final Cache<Stored, byte[]> copies;

    private RawCopies(Cache<Stored, byte[]> copies) {
        this.copies = copies;
    }

    /** Copies bounded to {@code maxBytes}; 0 keeps none (every response decompresses). */
    static RawCopies bounded(long maxBytes) {
        return new RawCopies(maxBytes <= 0 ? null : Caffeine.newBuilder()
                .weakKeys()
                .maximumWeight(maxBytes)
                .<Stored, byte[]>weigher((stored, raw) -> raw.length + ENTRY_OVERHEAD)
                .build());
    }

    /** The raw JSON of {@code stored}: its payload when kept raw, else a decompressed copy, made once per value. */
    byte[] raw(Stored stored) {
        if (!stored.compressed() || copies == null) {
            return stored.raw();
        }
        return copies.get(stored, Stored::raw);
    }

    /** Copies held now (for tests). */
    long size() {
        return copies == null ? 0 : copies.estimatedSize();
    }
}
