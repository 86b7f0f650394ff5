package tme.cache;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import tme.cache.Counters.Counter;

/** L2 on Redis: values in the {@link StoredCodec} form, expiring with Redis's own TTL. */
final class RedisL2 implements L2 {

    private static final long NO_EXPIRY = -1;
    private static final long NO_KEY = -2;

    private final RedisLink link;
    private final InstantSource clock;

    RedisL2(RedisLink link, InstantSource clock) {
        this.link = link;
        this.clock = clock;
    }

    @Override
    public Future<Lookup> read(String key) {
        List<Request> getWithTtl = List.of(Request.cmd(Command.GET).arg(key), Request.cmd(Command.PTTL).arg(key));
        return link.batch(getWithTtl).map(reply -> switch (reply) {
            case RedisReply.Answered<List<Response>> answered -> toLookup(answered.value());
            case RedisReply.Unavailable<List<Response>> unavailable -> Lookup.miss();
        });
    }

    @Override
    public Future<Boolean> write(String key, Stored value, Duration ttl) {
        long millis = ttl.toMillis();
        if (millis <= 0) {
            return Future.succeededFuture(false);
        }
        Request set = Request.cmd(Command.SET).arg(key).arg(StoredCodec.encode(value)).arg("PX").arg(millis);
        return link.send(set).map(reply -> reply instanceof RedisReply.Answered<Response>);
    }

    @Override
    public boolean available() {
        return !link.bypassing();
    }

    @Override
    public Map<String, Long> counters() {
        return link.counters();
    }

    private Lookup toLookup(List<Response> answers) {
        Response value = answers.get(0);
        if (value == null) {
            return Lookup.miss();
        }
        Stored stored;
        try {
            stored = StoredCodec.decode(value.toBytes());
        } catch (IllegalArgumentException unreadable) {
            // Another version's layout or foreign data under our key: a miss, and the next write replaces it.
            link.counters.increment(Counter.REDIS_UNREADABLE);
            return Lookup.miss();
        }
        Instant now = clock.instant();
        Duration timeLeft = timeLeft(stored, answers.get(1), now);
        return timeLeft.isPositive()
                ? new Lookup.Hit(stored, Level.L2, stored.age(now), timeLeft)
                : Lookup.miss();
    }

    /** The shorter of Redis's TTL and the stored freshness: either may be shorter (clock skew, trimmed TTLs). */
    private static Duration timeLeft(Stored stored, Response pttl, Instant now) {
        Duration byClock = stored.timeLeft(now);
        long millis = pttl == null ? NO_EXPIRY : pttl.toLong();
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
