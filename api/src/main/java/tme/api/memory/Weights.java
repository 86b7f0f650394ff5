package tme.api.memory;

import com.github.benmanes.caffeine.cache.Cache;

/**
 * What a weighed Caffeine cache of copies kept beside stored values holds now, for /metrics (0 for a cache that is
 * turned off): the hit path's body copies and GraphQL's decoded answers.
 */
public final class Weights {

    private Weights() {}

    /** The weight of {@code cache}'s entries after pending maintenance (weak keys already collected drop out). */
    public static long of(Cache<?, ?> cache) {
        if (cache == null) {
            return 0;
        }
        cache.cleanUp();
        return cache.policy().eviction().map(eviction -> eviction.weightedSize().orElse(0)).orElse(0L);
    }
}
