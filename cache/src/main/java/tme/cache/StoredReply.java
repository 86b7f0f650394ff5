package tme.cache;

import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;

/**
 * A {@link StoredCodec} value as Redis answers it: GET's bytes and the key's PTTL, read in one round trip.
 * Public because leases (module {@code coalescing}) read values in their Lua scripts with the same rules.
 */
public final class StoredReply {

    private static final long NO_KEY = -2;

    private StoredReply() {}

    /**
     * A hit while the value is kept by our clock ({@code expiresAt + keepFor} has not passed), or a miss. Its time
     * left (zero or negative once stale) is the stored freshness by our clock, shortened to Redis's TTL when that
     * is shorter (a TTL trimmed by someone else). Freshness is read from the value, not from {@code PTTL - keepFor},
     * so servers configured with different staleness agree on it. A missing TTL (none set, or not answered) trusts
     * the stored freshness. A value we cannot decode (another version's layout, foreign data) is a miss, reported
     * to {@code onUnreadable}: the next write replaces it.
     */
    public static Lookup read(Response value, Response pttl, Instant now, Staleness staleness,
                              Runnable onUnreadable) {
        if (value == null) {
            return Lookup.miss();
        }
        Stored stored;
        try {
            stored = StoredCodec.decode(value.toBytes());
        } catch (IllegalArgumentException unreadable) {
            onUnreadable.run();
            return Lookup.miss();
        }
        Duration byClock = stored.timeLeft(now);
        long millis = pttl == null ? -1 : pttl.toLong();
        boolean kept = byClock.plus(staleness.keepFor(stored.freshFor())).isPositive();
        if (!kept || millis == NO_KEY) { // gone by our clock, or expired in Redis between GET and PTTL
            return Lookup.miss();
        }
        return new Lookup.Hit(stored, Level.L2, timeLeft(byClock, millis));
    }

    private static Duration timeLeft(Duration byClock, long millis) {
        if (millis < 0) {
            return byClock; // no expiry set: someone else wrote the key; trust the stored freshness
        }
        Duration byRedis = Duration.ofMillis(millis);
        return byRedis.compareTo(byClock) < 0 ? byRedis : byClock;
    }
}
