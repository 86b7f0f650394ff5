package tme.coalescing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import tme.cache.Staleness;
import tme.redis.RedisLink;

/**
 * Leases across processes: who loads a key while the others wait for its value. An I/O boundary with two
 * implementations, Redis and {@link #none()} (the switch {@code SHARED_COALESCING=false}, or no Redis).
 * Futures answered here do not fail because Redis is unavailable: {@link Claim.Unavailable} says so.
 */
public interface Leases {

    /**
     * Tries to take the lease on {@code key} and reads its cached value in the same round trip. Without
     * {@code insist}, a cached value is answered and no lease taken; with it (refreshes), the lease is taken
     * even when a value is cached.
     */
    Future<Claim> claim(String key, boolean insist);

    /** Renews {@code lease} periodically until {@code work} completes. */
    default void keepAlive(Claim.Ours lease, Future<?> work) {
        keepAlive(lease, work, () -> {});
    }

    /**
     * As above, and runs {@code lost} (on the event loop) each time a renewal finds the lease no longer ours: it
     * lapsed while this process was paused or cut off, and another process may have loaded the key meanwhile.
     */
    void keepAlive(Claim.Ours lease, Future<?> work, Runnable lost);

    /** Gives the lease up, if it is still ours. */
    Future<Void> release(Claim.Ours lease);

    /** Replaces the lease, if still ours, by {@code error} for waiters and newcomers to fail with. */
    Future<Void> fail(Claim.Ours lease, byte[] error);

    /** Named counters (renewals that found the lease lost, ...). */
    default Map<String, Long> counters() {
        return Map.of();
    }

    /** No leases: every claim is ours at once, and every process loads by itself (local single-flight holds). */
    static Leases none() {
        return NoLeases.INSTANCE;
    }

    /** Leases in the Redis behind {@code link}, sharing its pool, deadline and breaker with the cache. */
    static Leases redis(RedisLink link, Vertx vertx, InstantSource clock, LeaseTimes times, Staleness staleness) {
        return new RedisLeases(link, vertx, clock, times, staleness);
    }

    /** The null object behind {@link #none()}. */
    enum NoLeases implements Leases {
        INSTANCE;

        @Override
        public Future<Claim> claim(String key, boolean insist) {
            return Future.succeededFuture(new Claim.Ours(key, "", Optional.empty()));
        }

        @Override
        public void keepAlive(Claim.Ours lease, Future<?> work, Runnable lost) {}

        @Override
        public Future<Void> release(Claim.Ours lease) {
            return Future.succeededFuture();
        }

        @Override
        public Future<Void> fail(Claim.Ours lease, byte[] error) {
            return Future.succeededFuture();
        }
    }
}
