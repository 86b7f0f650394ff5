package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Weigher;
import tme.cache.Stored;

/**
 * Caches of what a hit needs beside its stored value (copies, validators), keyed by the value's identity
 * ({@code weakKeys}): a newer value for the same cache key never meets an older entry. Their owners drop an entry
 * when its value leaves L1 ({@code Responses#departed}); the weak keys only catch what that misses (a value answered
 * but never kept), as the collector may clear a key in the old generation long after its value left. Maintenance
 * runs on the caller's thread: it is short and amortized, where the default (the common fork-join pool) would wake
 * a pool thread from the event loop every few hundred hits.
 */
final class PerValue {

    private PerValue() {}

    static <V> Cache<Stored, V> weighed(long maxWeight, Weigher<Stored, V> weigher) {
        return Caffeine.newBuilder()
                .weakKeys()
                .maximumWeight(maxWeight)
                .weigher(weigher)
                .executor(Runnable::run)
                .build();
    }

    static <V> Cache<Stored, V> counted(long maxEntries) {
        return Caffeine.newBuilder()
                .weakKeys()
                .maximumSize(maxEntries)
                .executor(Runnable::run)
                .<Stored, V>build();
    }
}
