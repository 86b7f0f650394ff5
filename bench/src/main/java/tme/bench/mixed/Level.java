package tme.bench.mixed;

import java.util.Set;

/**
 * Whether an answer came from a cache or waited for its origin, as its {@code X-Cache} header says: tme-api's
 * {@code L1}, {@code L2}, {@code STALE} (answered at once) or {@code upstream} (waited for t.me); nginx's
 * {@code $upstream_cache_status}, which the mixed run's nginx sends as {@code X-Cache}: {@code HIT},
 * {@code STALE}, {@code UPDATING}, {@code REVALIDATED} or {@code MISS}, {@code EXPIRED}, {@code BYPASS}, and
 * {@code LOCK_WAIT}, the run's name for a request nginx calls a {@code HIT} after it waited on
 * {@code proxy_cache_lock} for another request's load (as tme-api calls a request that joined another's load
 * {@code upstream}). No header
 * (GraphQL and POST answers, which neither caches as a whole) is {@link #NONE}.
 */
public enum Level {
    HIT, MISS, NONE;

    private static final Set<String> HITS = Set.of("l1", "l2", "stale", "hit", "updating", "revalidated");
    private static final Set<String> MISSES = Set.of("upstream", "miss", "expired", "bypass", "lock_wait");

    /** {@code xCache}: the header's value lower-cased, {@code ""} without one. */
    public static Level of(String xCache) {
        if (HITS.contains(xCache)) {
            return HIT;
        }
        return MISSES.contains(xCache) ? MISS : NONE;
    }
}
