package tme.cache;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import tme.redis.RedisLink;

/**
 * The shared second level. Its futures never fail because the level is unavailable: reads answer a miss and
 * writes answer {@code false}, and the implementation counts why.
 */
public interface L2 {

    /** The value and its remaining time in one round trip, or a miss. */
    Future<Lookup> read(String key);

    /**
     * When the value the level holds for {@code key} was stored, read from its header alone, without the payload: for
     * a process checking that its copy is still the one shared. Empty when the level holds none, or cannot say.
     */
    default Future<Optional<Instant>> storedAt(String key) {
        return Future.succeededFuture(Optional.empty());
    }

    /** Stores the value for {@code ttl}; {@code true} when the level took it. */
    Future<Boolean> write(String key, Stored value, Duration ttl);

    /** Whether writes are expected to reach the level now (false for none, and while the breaker is open). */
    boolean available();

    /** Drops {@code key}'s value; completes (never fails) when the level did, or could not. */
    default Future<Void> drop(String key) {
        return Future.succeededFuture();
    }

    /** Adds {@code key} to the keys tagged {@code tag}, which are kept for {@code ttl} after the last addition. */
    default Future<Void> tag(String tag, String key, Duration ttl) {
        return Future.succeededFuture();
    }

    /** The keys tagged {@code tag}, which are tagged no longer; none when the level cannot be read. */
    default Future<Set<String>> takeTagged(String tag) {
        return Future.succeededFuture(Set.of());
    }

    /**
     * From now on, hands {@code changed} each value another process writes to the level (key and value; null for a
     * key dropped), as soon as it is written, where the level can tell. Best effort: a value written while the
     * level could not tell is never handed on. Called once.
     */
    default void follow(BiConsumer<String, Stored> changed) {
    }

    /** Whether the values other processes write reach {@link #follow}'s listener now (its subscription is up). */
    default boolean followingNow() {
        return false;
    }

    /**
     * The number of {@link #follow}'s subscription while it is up and unbroken, else {@link #NOT_FOLLOWING}: a copy
     * kept under one number has missed no change of its key as long as the number stays the same.
     */
    default long followEpoch() {
        return NOT_FOLLOWING;
    }

    /** {@link #followEpoch()} when no change reaches this process. */
    long NOT_FOLLOWING = -1;

    /** This level's degradation counters. */
    default Map<String, Long> counters() {
        return Map.of();
    }

    /** No second level: every server runs on its memory alone. */
    static L2 none() {
        return NoL2.INSTANCE;
    }

    /** Redis through {@code link}: GET + PTTL pipelined, SET with PX covering freshness and {@code staleness}. */
    static L2 redis(RedisLink link, InstantSource clock, Staleness staleness) {
        return redis(link, clock, staleness, true);
    }

    /** As above; {@code publish} false: writes and drops are not told to other processes ({@link #follow}). */
    static L2 redis(RedisLink link, InstantSource clock, Staleness staleness, boolean publish) {
        return new RedisL2(link, clock, staleness, publish);
    }

    /** The null object behind {@link #none()}. */
    enum NoL2 implements L2 {
        INSTANCE;

        @Override
        public Future<Lookup> read(String key) {
            return Future.succeededFuture(Lookup.miss());
        }

        @Override
        public Future<Boolean> write(String key, Stored value, Duration ttl) {
            return Future.succeededFuture(false);
        }

        @Override
        public boolean available() {
            return false;
        }
    }
}
