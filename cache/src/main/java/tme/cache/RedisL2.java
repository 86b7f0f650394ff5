package tme.cache;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tme.redis.RedisLink;
import tme.redis.RedisReply;

/** L2 on Redis: values in the {@link StoredCodec} form, expiring with Redis's own TTL. */
final class RedisL2 implements L2 {

    private final RedisLink link;
    private final InstantSource clock;
    // How long values are kept past their freshness: tells a stale value from one that is gone.
    private final Staleness staleness;

    RedisL2(RedisLink link, InstantSource clock, Staleness staleness) {
        this.link = link;
        this.clock = clock;
        this.staleness = staleness;
    }

    @Override
    public Future<Lookup> read(String key) {
        List<Request> getWithTtl = List.of(Request.cmd(Command.GET).arg(key), Request.cmd(Command.PTTL).arg(key));
        return link.batch(getWithTtl).map(reply -> switch (reply) {
            case RedisReply.Answered<List<Response>> answered -> toLookup(answered.value());
            case RedisReply.Unavailable<List<Response>> unavailable -> Lookup.miss();
        });
    }

    /** GETRANGE of the header alone: 20 bytes, whatever the payload's size. */
    @Override
    public Future<Optional<Instant>> storedAt(String key) {
        Request header = Request.cmd(Command.GETRANGE).arg(key).arg(0).arg(StoredCodec.HEADER - 1);
        return link.send(header).map(reply -> reply instanceof RedisReply.Answered<Response> answered
                && answered.value() != null
                ? StoredCodec.storedAt(answered.value().toBytes())
                : Optional.empty());
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
    public Future<Void> drop(String key) {
        return link.send(Request.cmd(Command.DEL).arg(key)).mapEmpty();
    }

    /** A set per tag (a key of its own: its slot is its own on a Cluster), SADD then PEXPIRE. */
    @Override
    public Future<Void> tag(String tag, String key, Duration ttl) {
        return link.batch(List.of(Request.cmd(Command.SADD).arg(tag).arg(key),
                Request.cmd(Command.PEXPIRE).arg(tag).arg(ttl.toMillis()))).mapEmpty();
    }

    /** SMEMBERS then DEL, in one transaction-free pipeline: a key tagged in between is dropped with the set, untold. */
    @Override
    public Future<Set<String>> takeTagged(String tag) {
        return link.batch(List.of(Request.cmd(Command.SMEMBERS).arg(tag), Request.cmd(Command.DEL).arg(tag)))
                .map(reply -> {
                    Set<String> keys = new HashSet<>();
                    if (reply instanceof RedisReply.Answered<List<Response>> answered
                            && answered.value().getFirst() != null) {
                        answered.value().getFirst().forEach(member -> keys.add(member.toString()));
                    }
                    return keys;
                });
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
        return StoredReply.read(answers.get(0), answers.get(1), clock.instant(), staleness,
                link::countUnreadableValue);
    }
}
