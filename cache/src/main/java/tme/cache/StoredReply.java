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
     * A hit whose time left is the shorter of Redis's TTL and the stored freshness (either may be shorter: clock
     * skew, trimmed TTLs), or a miss. A missing TTL (none set, or not answered) trusts the stored freshness. A
     * value we cannot decode (another version's layout, foreign data) is a miss, reported to
     * {@code onUnreadable}: the next write replaces it.
     */
    public static Lookup read(Response value, Response pttl, Instant now, Runnable onUnreadable) {
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
        Duration timeLeft = timeLeft(stored, pttl, now);
        return timeLeft.isPositive()
                ? new Lookup.Hit(stored, Level.L2, timeLeft)
                : Lookup.miss();
    }

    private static Duration timeLeft(Stored stored, Response pttl, Instant now) {
        Duration byClock = stored.timeLeft(now);
        long millis = pttl == null ? -1 : pttl.toLong();
        if (millis == NO_KEY) {
            return Duration.ZERO; // expired between GET and PTTL
        }
        if (millis < 0) {
            return byClock; // no expiry set: someone else wrote the key; trust the stored freshness
        }
        Duration byRedis = Duration.ofMillis(millis);
        return byRedis.compareTo(byClock) < 0 ? byRedis : byClock;
    }
}
