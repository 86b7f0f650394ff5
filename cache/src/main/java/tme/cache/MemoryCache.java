package tme.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import java.time.Instant;
import java.time.InstantSource;

/**
 * L1: Caffeine bounded by the heap its entries retain, each entry expiring at its own instant.
 *
 * <p>Caffeine expires entries on the injected clock too, but {@link #get} checks the clock itself, so an
 * entry past its time is never returned even between two maintenance runs.
 */
final class MemoryCache {

    /**
     * Heap an entry retains besides its key's and payload's bytes, measured by MemoryCacheWeightTest on JDK 25:
     * about 320 bytes with compressed oops, 390 without (heaps over 32 GB). It is Caffeine's node, the map's
     * node and table slot, the key String, the {@link Held} and {@link Stored} records with their Instants and
     * Duration, and both array headers. Keys are weighed at two bytes a char, in case they are not Latin-1.
     */
    static final int ENTRY_OVERHEAD = 400;

    /** An entry: the value, until when it is fresh, and until when this process may keep it (stale or not). */
    record Held(Stored stored, Instant freshUntil, Instant heldUntil) {}

    private final InstantSource clock;
    private final Cache<String, Held> entries;

    MemoryCache(long maxBytes, InstantSource clock) {
        this.clock = clock;
        ClockTicker ticker = new ClockTicker(clock);
        this.entries = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher(MemoryCache::weigh)
                .expireAfter(new UntilHeld(ticker))
                .ticker(ticker)
                // Maintenance (eviction, expiry) runs on the caller's thread: it is short and amortized,
                // and nothing is left running in the background of a test.
                .executor(Runnable::run)
                .build();
    }

    /** The entry if it is still held at {@code now}, else {@code null}. */
    Held get(String key, Instant now) {
        Held held = entries.getIfPresent(key);
        return held != null && now.isBefore(held.heldUntil()) ? held : null;
    }

    void put(String key, Held held) {
        entries.put(key, held);
    }

    void remove(String key) {
        entries.invalidate(key);
    }

    /**
     * Keeps a copy read from L2 unless L1 already has a value stored at the same time or later (written while
     * the read was in flight). Returns the entry L1 holds afterwards.
     */
    Held offer(String key, Held copy) {
        Instant now = clock.instant();
        return entries.asMap().compute(key, (k, current) ->
                current != null && now.isBefore(current.heldUntil())
                        && !current.stored().storedAt().isBefore(copy.stored().storedAt())
                        ? current
                        : copy);
    }

    /** Lets L1 keep {@code stored} until {@code heldUntil}, if it is still the value held for {@code key}. */
    void holdLonger(String key, Stored stored, Instant heldUntil) {
        entries.asMap().computeIfPresent(key, (k, current) -> current.stored() == stored
                ? new Held(stored, current.freshUntil(), heldUntil)
                : current);
    }

    /** The bytes accounted for all entries (after pending maintenance). */
    long weightedSize() {
        entries.cleanUp();
        return entries.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    long size() {
        entries.cleanUp();
        return entries.estimatedSize();
    }

    static int weigh(String key, Held held) {
        long bytes = ENTRY_OVERHEAD + 2L * key.length() + held.stored().payload().length;
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    /** Caffeine's per-entry expiry: each entry lives until its own {@code heldUntil}. */
    private record UntilHeld(ClockTicker ticker) implements Expiry<String, Held> {

        @Override
        public long expireAfterCreate(String key, Held held, long currentTime) {
            return Math.max(0, ticker.nanosAt(held.heldUntil()) - currentTime);
        }

        @Override
        public long expireAfterUpdate(String key, Held held, long currentTime, long currentDuration) {
            return expireAfterCreate(key, held, currentTime);
        }

        @Override
        public long expireAfterRead(String key, Held held, long currentTime, long currentDuration) {
            return currentDuration;
        }
    }
}
