package tme.coalescing.gate;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.time.Instant;

/**
 * One {@link LocalBucket} per client, for when the fleet's budget is not in Redis (or Redis cannot be asked): the
 * same share and burst as the script's bucket per client. A client idle for a minute is forgotten, which is what its
 * bucket would say anyway (full again); at most {@link #MAX_CLIENTS} are kept, the least recent forgotten first.
 * A client is charged only while its share binds ({@link #othersWaiting}).
 */
final class ClientBuckets {

    static final int MAX_CLIENTS = 100_000;

    private final double rate;
    private final int burst;
    private final WaitingClients waiting;
    private final Cache<String, LocalBucket> buckets = Caffeine.newBuilder()
            .executor(Runnable::run) // upkeep on the caller's thread, no pool thread woken from an event loop
            .expireAfterAccess(Duration.ofMinutes(1))
            .maximumSize(MAX_CLIENTS)
            .build();

    ClientBuckets(double rate, ClientShare share) {
        this.rate = rate;
        this.burst = share.burst();
        this.waiting = new WaitingClients(share.othersWithin(), MAX_CLIENTS);
    }

    /** Notes that {@code client} asks now (for a {@code reader}); true when its share binds (another reader asked). */
    boolean othersWaiting(String client, boolean reader, Instant now) {
        return waiting.othersWaiting(client, reader, now);
    }

    /** A token for {@code client} now, or {@link Take.OverShare} with when its next one comes. */
    Take take(String client, Instant now) {
        Take take = buckets.get(client, ignored -> new LocalBucket(rate, burst)).take(now, Duration.ZERO, Duration.ZERO);
        return take instanceof Take.TooLate late ? new Take.OverShare(late.after()) : take;
    }

    /** Gives {@code client}'s last token back: the fleet refused the request it was taken for. */
    void giveBack(String client) {
        LocalBucket bucket = buckets.getIfPresent(client);
        if (bucket != null) {
            bucket.giveBack();
        }
    }
}
