/**
 * A generic two-level cache of {@code String key -> bytes}: a segmented LRU admitting every new entry in each
 * process (L1, {@link tme.cache.SegmentedLru}), Redis shared by
 * all processes (L2). It knows nothing of t.me or HTTP.
 *
 * <p>Entry points: {@link tme.cache.TwoLevelCache} ({@code get}, {@code put}), built from a
 * {@link tme.cache.CacheConfig}, an injected clock and an {@link tme.cache.L2} ({@code L2.none()} or
 * {@code L2.redis(link, clock, staleness)}). Values are {@link tme.cache.Stored}: zstd-or-raw bytes with their first-stored
 * time and freshness. {@link tme.redis.RedisLink} is the single way to Redis (pool, per-command deadline,
 * circuit breaker, counters), shared with the leases of module {@code coalescing}, which also use
 * {@link tme.cache.StoredCodec}.
 *
 * <p>Time comes from an injected {@link java.time.InstantSource} everywhere (L1 expiry, ages, the breaker);
 * only the Redis command deadline is a real timer, because it bounds real I/O.
 */
package tme.cache;
