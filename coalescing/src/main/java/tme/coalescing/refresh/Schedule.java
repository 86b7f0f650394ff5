package tme.coalescing.refresh;

import io.vertx.core.Future;
import java.time.InstantSource;
import java.util.Collection;
import java.util.SortedMap;
import tme.redis.RedisLink;

/**
 * The fleet's refresh schedule: readers register the names they ask for, loaders say when they loaded one, and
 * refreshers claim the due names. In Redis ({@link #redis}), or nothing at all for a server without Redis
 * ({@link #none()}: registering is free and no name is ever due). Redis being slow or down is never a failure:
 * a registration is lost (the next one repeats it), a claim claims nothing.
 */
public interface Schedule {

    /** A reader asked for {@code names} (already normalised): keeps them scheduled; a new one is due now. */
    default Future<Void> register(Collection<String> names) {
        return register(names, 1);
    }

    /**
     * As {@link #register(Collection)}, asking that each name's refresh reach {@code depth} deep (1: the name alone;
     * what a level is, the {@link Refresh} knows: in the api, a channel's latest page and the pages before it). The
     * deepest depth asked for within the idle period holds; once nobody asked for it that long, the name's refresh
     * goes back to the depth still asked for ({@link Claimed#depth}).
     */
    Future<Void> register(Collection<String> names, int depth);

    /** A process loaded {@code name} now: a refresh due within the next half interval would be moot. */
    Future<Void> loaded(String name);

    /** Claims up to {@code limit} due names for the holder of {@code token}, dropping idle names on the way. */
    Future<Claims> claim(int limit, String token);

    /** Reschedules (or drops) a claimed name; false when the claim was no longer the token's. */
    Future<Boolean> finish(Claimed claimed, Next next);

    /**
     * Redis lost its data (restarted empty, flushed): puts back at once every name this process registered and that
     * is not idle yet, and forgets what it sent, so the next ask sends again rather than waiting {@code askedEvery}.
     */
    Future<Void> restore();

    /** {@code refresh.*} counters of this side of the schedule (registrations). */
    SortedMap<String, Long> counters();

    static Schedule redis(RedisLink link, RefreshConfig config, InstantSource clock) {
        return new RedisSchedule(link, config, clock);
    }

    static Schedule none() {
        return NoSchedule.INSTANCE;
    }
}
