package tme.cache;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.Subscription;

/** L2 on Redis: values in the {@link StoredCodec} form, expiring with Redis's own TTL. */
final class RedisL2 implements L2 {

    /** The channel every process publishes its writes to ({@link ChangeMessage}). */
    static final String CHANGES = "tme:l2:changes";
    // A key's UTF-8 length must fit the message's two bytes; a char is at most three (ours are ASCII).
    private static final int MAX_PUBLISHED_KEY = 65_535 / 3;

    private final RedisLink link;
    private final InstantSource clock;
    // How long values are kept past their freshness: tells a stale value from one that is gone.
    private final Staleness staleness;

    // This process's writes, told apart from the others' in the channel (ChangeMessage).
    private final long writer = new SecureRandom().nextLong();
    // Writes are published on one Redis, whoever follows them (a refresher's writes are what servers need most).
    private final boolean publishing;
    private volatile Subscription changes; // null until follow, and on a Cluster (nothing published there)

    RedisL2(RedisLink link, InstantSource clock, Staleness staleness, boolean publish) {
        this.link = link;
        this.clock = clock;
        this.staleness = staleness;
        this.publishing = publish && !link.clustered();
    }

    /**
     * Hands {@code changed} the values other processes write (every process on one Redis publishes its writes). On
     * a Redis Cluster nothing is published or followed: copies end at their cap, as they do when a message is lost.
     */
    @Override
    public void follow(BiConsumer<String, Stored> changed) {
        changes = link.subscribe(CHANGES, message -> ChangeMessage.decode(message.getBytes())
                .filter(change -> change.writer() != writer)
                .ifPresent(change -> changed.accept(change.key(), change.value()))).orElse(null);
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
        if (!published(key)) {
            return link.send(set).map(reply -> reply instanceof RedisReply.Answered<Response>);
        }
        return link.batch(List.of(set, change(key, value)))
                .map(reply -> reply instanceof RedisReply.Answered<List<Response>>);
    }

    @Override
    public Future<Void> drop(String key) {
        Request del = Request.cmd(Command.DEL).arg(key);
        return (published(key) ? link.batch(List.of(del, change(key, null))) : link.send(del)).mapEmpty();
    }

    /** Whether a write or drop of {@code key} is told to the other processes ({@link #CHANGES}). */
    private boolean published(String key) {
        return publishing && key.length() <= MAX_PUBLISHED_KEY;
    }

    /** The message telling the others that {@code key} now holds {@code value} (null: dropped). */
    private Request change(String key, Stored value) {
        return Request.cmd(Command.PUBLISH).arg(CHANGES).arg(new ChangeMessage(writer, key, value).encode());
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
    public boolean followingNow() {
        Subscription subscription = changes;
        return subscription != null && subscription.listening();
    }

    @Override
    public long followEpoch() {
        Subscription subscription = changes; // read on every hit of a followed copy
        long number = subscription == null ? Subscription.NONE : subscription.unbroken();
        return number == Subscription.NONE ? NOT_FOLLOWING : number;
    }

    /**
     * The link's counters, and the changes channel's: {@code redis.changes.subscribed} (times subscribed: 1, plus
     * one per reconnection) and {@code redis.changes.received} (messages, this process's own included).
     */
    @Override
    public Map<String, Long> counters() {
        Map<String, Long> all = new HashMap<>(link.counters());
        Subscription subscription = changes;
        if (subscription != null) {
            all.put("redis.changes.subscribed", subscription.subscriptions());
            all.put("redis.changes.received", subscription.received());
        }
        return all;
    }

    private Lookup toLookup(List<Response> answers) {
        return StoredReply.read(answers.get(0), answers.get(1), clock.instant(), staleness,
                link::countUnreadableValue);
    }
}
