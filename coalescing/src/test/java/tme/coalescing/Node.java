package tme.coalescing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Optional;
import java.util.function.Supplier;
import tme.cache.CacheConfig;
import tme.cache.L2;
import tme.cache.Staleness;
import tme.cache.TwoLevelCache;
import tme.cache.testing.Await;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;

/**
 * One server process in miniature: its own Vert.x, Redis client, two-level cache and coalescing cache.
 * {@link #close()} is its crash: timers (lease renewals) stop and connections close, loads in flight never end.
 */
final class Node implements AutoCloseable {

    /** Generous: these tests are about coalescing, and a cold JVM's first commands can be slow. */
    static final Duration REDIS_TIMEOUT = Duration.ofSeconds(2);

    final Vertx vertx = Vertx.vertx();
    final TwoLevelCache cache;
    final CoalescingCache coalescing;

    private Node(InstantSource clock, Staleness staleness, CoalescingConfig config, Optional<RedisServer> redis,
                 Supplier<Duration> retryAfter) {
        CacheConfig cacheConfig = CacheConfig.defaults().withRedisTimeout(REDIS_TIMEOUT).withStaleness(staleness);
        if (redis.isPresent()) {
            cacheConfig = cacheConfig.withRedis(redis.get().url());
            RedisLink link = RedisLink.create(vertx, cacheConfig.redis().orElseThrow(), clock);
            cache = TwoLevelCache.create(cacheConfig, clock, L2.redis(link, clock, staleness));
            Leases leases = Leases.redis(link, vertx, clock, config.leaseTimes(), staleness);
            coalescing = CoalescingCache.create(cache, leases, config, clock, vertx, retryAfter);
        } else {
            cache = TwoLevelCache.create(cacheConfig, clock, L2.none());
            coalescing = CoalescingCache.create(cache, Leases.none(), config, clock, vertx, retryAfter);
        }
    }

    static Node sharing(RedisServer redis, InstantSource clock) {
        return sharing(redis, clock, CoalescingConfig.defaults());
    }

    static Node sharing(RedisServer redis, InstantSource clock, CoalescingConfig config) {
        return sharing(redis, clock, Staleness.defaults(), config);
    }

    static Node sharing(RedisServer redis, InstantSource clock, Staleness staleness, CoalescingConfig config) {
        return new Node(clock, staleness, config, Optional.of(redis), () -> Duration.ofSeconds(1));
    }

    /** A process without Redis: memory cache and no leases. */
    static Node alone(InstantSource clock) {
        return alone(clock, Staleness.defaults(), CoalescingConfig.defaults());
    }

    static Node alone(InstantSource clock, Staleness staleness, CoalescingConfig config) {
        return alone(clock, staleness, config, () -> Duration.ofSeconds(1));
    }

    static Node alone(InstantSource clock, Staleness staleness, CoalescingConfig config,
                      Supplier<Duration> retryAfter) {
        return new Node(clock, staleness, config, Optional.empty(), retryAfter);
    }

    Future<Result> get(String key, Loader loader) {
        return coalescing.get(key, Asker.of("test", "test"), loader);
    }

    long count(String metric) {
        return coalescing.counters().getOrDefault(metric, 0L);
    }

    @Override
    public void close() {
        Await.result(vertx.close());
    }
}
