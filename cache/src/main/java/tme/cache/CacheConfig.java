package tme.cache;

import static tme.cache.Durations.requirePositive;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import tme.redis.RedisConfig;

/**
 * Everything the cache and its Redis link need, named after the timeline. Invalid values are rejected
 * with the name of the environment variable the api reads them from.
 *
 * @param memoryMaxBytes  L1 bound in bytes of heap really retained ({@code MEMORY_CACHE_MAX_MB})
 * @param l1MaxTtl        longest life of an L1 copy while Redis is in use ({@code MEMORY_CACHE_MAX_TTL}),
 *                        so a server sees within this time what another server wrote to Redis
 * @param redisUrl        e.g. {@code redis://127.0.0.1:6379}, or a Redis Cluster's comma-separated nodes; empty runs on
 *                        L1 alone ({@code REDIS_URL})
 * @param redisCluster    the cluster mode for a single URL too, a seed node ({@code REDIS_CLUSTER})
 * @param redisTimeout    deadline of every Redis command, waiting for a connection included ({@code REDIS_TIMEOUT})
 * @param redisPoolSize   pooled connections to Redis ({@code REDIS_POOL_SIZE})
 * @param breakerErrors   consecutive errors that open the breaker
 * @param breakerWindow   ... when they all happened within this window
 * @param breakerOpenFor  how long an open breaker bypasses Redis before letting one probe through
 * @param redisStartGrace until Redis first answers (and at most this long), slow or failed commands do not count
 *                        towards opening the breaker ({@code REDIS_START_GRACE})
 * @param staleness       how long entries live on past their freshness, in both levels
 *                        ({@code STALE_WHILE_REVALIDATE}, {@code MAX_STALE})
 */
public record CacheConfig(
        long memoryMaxBytes,
        Duration l1MaxTtl,
        Optional<String> redisUrl,
        boolean redisCluster,
        Duration redisTimeout,
        int redisPoolSize,
        int breakerErrors,
        Duration breakerWindow,
        Duration breakerOpenFor,
        Duration redisStartGrace,
        Staleness staleness) {

    public static final int DEFAULT_MEMORY_MAX_MB = 256;
    public static final int DEFAULT_POOL_SIZE = 32;

    public CacheConfig {
        Objects.requireNonNull(redisUrl, "redisUrl");
        Objects.requireNonNull(staleness, "staleness");
        require(memoryMaxBytes > 0, "MEMORY_CACHE_MAX_MB must be positive: " + memoryMaxBytes + " bytes");
        requirePositive(l1MaxTtl, "MEMORY_CACHE_MAX_TTL");
        // The Redis settings are validated by RedisConfig, whether Redis is used or not.
        new RedisConfig(redisUrl.orElse("redis://unset"), redisCluster, redisTimeout, redisPoolSize, breakerErrors,
                breakerWindow, breakerOpenFor, redisStartGrace);
    }

    /** How to reach Redis, when {@code REDIS_URL} is set. */
    public Optional<RedisConfig> redis() {
        return redisUrl.map(url -> new RedisConfig(url, redisCluster, redisTimeout, redisPoolSize, breakerErrors,
                breakerWindow, breakerOpenFor, redisStartGrace));
    }

    /**
     * L1 only: 256 MB, copies of L2 entries live 10s, Redis commands time out after 500ms, pool of 32; entries are
     * kept stale for their own freshness (while revalidating) and up to an hour (if loads fail).
     */
    public static CacheConfig defaults() {
        return new CacheConfig(DEFAULT_MEMORY_MAX_MB * 1024L * 1024L, Duration.ofSeconds(10), Optional.empty(),
                false, Duration.ofMillis(500), DEFAULT_POOL_SIZE, 3, Duration.ofSeconds(10), Duration.ofSeconds(30),
                RedisConfig.DEFAULT_START_GRACE, Staleness.defaults());
    }

    public CacheConfig withMemoryMaxMb(long megabytes) {
        return withMemoryMaxBytes(megabytes * 1024L * 1024L);
    }

    public CacheConfig withMemoryMaxBytes(long bytes) {
        return new CacheConfig(bytes, l1MaxTtl, redisUrl, redisCluster, redisTimeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, staleness);
    }

    public CacheConfig withL1MaxTtl(Duration ttl) {
        return new CacheConfig(memoryMaxBytes, ttl, redisUrl, redisCluster, redisTimeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, staleness);
    }

    public CacheConfig withRedis(String url) {
        return new CacheConfig(memoryMaxBytes, l1MaxTtl, Optional.of(url), redisCluster, redisTimeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, staleness);
    }

    /** The cluster mode for a single seed URL too (several URLs always use it). */
    public CacheConfig withRedisCluster(boolean cluster) {
        return new CacheConfig(memoryMaxBytes, l1MaxTtl, redisUrl, cluster, redisTimeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, staleness);
    }

    public CacheConfig withRedisTimeout(Duration timeout) {
        return new CacheConfig(memoryMaxBytes, l1MaxTtl, redisUrl, redisCluster, timeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, staleness);
    }

    /** Zero: no start-up grace (a test that kills Redis before the first command wants the breaker at once). */
    public CacheConfig withRedisStartGrace(Duration grace) {
        return new CacheConfig(memoryMaxBytes, l1MaxTtl, redisUrl, redisCluster, redisTimeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, grace, staleness);
    }

    public CacheConfig withRedisPoolSize(int size) {
        return new CacheConfig(memoryMaxBytes, l1MaxTtl, redisUrl, redisCluster, redisTimeout, size,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, staleness);
    }

    public CacheConfig withStaleness(Staleness stale) {
        return new CacheConfig(memoryMaxBytes, l1MaxTtl, redisUrl, redisCluster, redisTimeout, redisPoolSize,
                breakerErrors, breakerWindow, breakerOpenFor, redisStartGrace, stale);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
