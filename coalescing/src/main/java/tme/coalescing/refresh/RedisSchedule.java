package tme.coalescing.refresh;

import io.vertx.core.Future;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import tme.redis.Counters;
import tme.redis.Lua;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.RepeatLog;
import tme.redis.ScheduleScripts;

/**
 * The schedule in Redis (see {@link ScheduleScripts}), sent through the shared {@link RedisLink}: its pool,
 * deadline and breaker. Times are this process's injected clock, in epoch millis.
 */
final class RedisSchedule implements Schedule {

    private static final System.Logger LOG = System.getLogger(RedisSchedule.class.getName());
    // Forget names asked long ago once this many are remembered, so a stream of one-off names never piles up.
    private static final int SWEEP_ASKED_ABOVE = 10_000;
    // Names per restore script: one short script each, sent one after another.
    private static final int RESTORE_BATCH = 500;

    private final RedisLink link;
    private final RefreshConfig config;
    // Script failures (bugs, or Redis refusing scripts while it loads): one line a minute per kind.
    private final RepeatLog failures;
    private final InstantSource clock;
    private final String[] keys;
    private final Counters<RefreshCount> counters = new Counters<>(RefreshCount.class,
            EnumSet.of(RefreshCount.ASKED, RefreshCount.REGISTERED, RefreshCount.RESTORED,
                    RefreshCount.UNREACHED_WRITES));
    // (name, depth) -> when this process last told Redis it was asked for; read and replaced without a lock (a race
    // costs one redundant registration, never a lost one).
    private final ConcurrentMap<Asked, Instant> lastAsked = new ConcurrentHashMap<>();

    /** A registration as this process remembers sending it: a name, and how deep its refresh was asked to reach. */
    private record Asked(String name, int depth) {}
    private volatile Instant nextSweep = Instant.MIN;

    RedisSchedule(RedisLink link, RefreshConfig config, InstantSource clock) {
        this.link = link;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.config = config;
        this.clock = clock;
        this.keys = config.keys().toArray(String[]::new);
    }

    @Override
    public Future<Void> register(Collection<String> names, int depth) {
        Instant now = clock.instant();
        List<Asked> unsent = names.stream().distinct().map(name -> new Asked(name, Math.max(1, depth)))
                .filter(asked -> due(asked, now)).toList();
        if (unsent.isEmpty()) {
            return Future.succeededFuture();
        }
        unsent.forEach(asked -> lastAsked.put(asked, now));
        sweepAsked(now);
        counters.add(RefreshCount.ASKED, unsent.size());
        Request eval = Lua.eval(ScheduleScripts.REGISTER, keys[0], keys[1], keys[5]).arg(now.toEpochMilli())
                .arg(Math.max(1, depth)).arg(idleBefore(now).toEpochMilli());
        unsent.forEach(asked -> eval.arg(asked.name()));
        return write(eval, "register").map(added -> {
            if (added == null) {
                unsent.forEach(asked -> lastAsked.remove(asked, now)); // lost: the next ask sends it again
            } else {
                counters.add(RefreshCount.REGISTERED, added.toLong());
            }
            return null;
        });
    }

    @Override
    public Future<Void> restore() {
        Instant now = clock.instant();
        Instant idleBefore = idleBefore(now);
        // One entry per name, at its latest ask; depths are not restored: the next deep ask sends its depth again.
        List<Map.Entry<String, Instant>> remembered = lastAsked.entrySet().stream()
                .filter(asked -> !asked.getValue().isBefore(idleBefore))
                .collect(java.util.stream.Collectors.toMap(asked -> asked.getKey().name(), Map.Entry::getValue,
                        (one, other) -> one.isAfter(other) ? one : other))
                .entrySet().stream().toList();
        // Forgotten first: a name whose restore is lost is sent again by the next ask, not askedEvery later.
        lastAsked.clear();
        Future<Void> chain = Future.succeededFuture();
        for (int from = 0; from < remembered.size(); from += RESTORE_BATCH) {
            List<Map.Entry<String, Instant>> batch =
                    remembered.subList(from, Math.min(remembered.size(), from + RESTORE_BATCH));
            chain = chain.compose(done -> restore(batch, now));
        }
        return chain;
    }

    /** Puts one batch back; each name restored is remembered as sent when it was (unless asked again meanwhile). */
    private Future<Void> restore(List<Map.Entry<String, Instant>> batch, Instant now) {
        Request eval = Lua.eval(ScheduleScripts.RESTORE, keys[0], keys[1]).arg(now.toEpochMilli());
        batch.forEach(asked -> eval.arg(asked.getKey()).arg(asked.getValue().toEpochMilli()));
        return write(eval, "restore").map(added -> {
            if (added != null) {
                batch.forEach(asked -> lastAsked.putIfAbsent(new Asked(asked.getKey(), 1), asked.getValue()));
                counters.add(RefreshCount.RESTORED, batch.size());
            }
            return null;
        });
    }

    @Override
    public Future<Void> loaded(String name) {
        Request eval = Lua.eval(ScheduleScripts.LOADED, keys[1], keys[2]).arg(name).arg(clock.instant().toEpochMilli());
        return write(eval, "loaded").mapEmpty();
    }

    @Override
    public Future<Claims> claim(int limit, String token) {
        Instant now = clock.instant();
        Request eval = Lua.eval(ScheduleScripts.CLAIM, keys)
                .arg(now.toEpochMilli())
                .arg(limit)
                .arg(now.plus(config.claimFor()).toEpochMilli())
                .arg(idleBefore(now).toEpochMilli())
                .arg(now.minus(config.recent()).toEpochMilli())
                .arg(config.interval().toMillis())
                .arg(token)
                .arg(RefreshConfig.SWEEP_LIMIT);
        return link.send(eval)
                .map(reply -> switch (reply) {
                    case RedisReply.Answered<Response> answered -> claims(answered.value(), token);
                    case RedisReply.Unavailable<Response> unavailable -> Claims.unreached();
                })
                .otherwise(bug -> {
                    failures.log(System.Logger.Level.ERROR, "refresh claim script failed", bug);
                    return Claims.unreached();
                });
    }

    @Override
    public Future<Boolean> finish(Claimed claimed, Next next) {
        Request eval = Lua.eval(ScheduleScripts.FINISH, keys).arg(claimed.name()).arg(claimed.token());
        switch (next) {
            case Next.At at -> eval.arg(at.due().toEpochMilli()).arg(at.failures());
            case Next.Drop drop -> eval.arg("").arg(Next.KEEP);
        }
        return write(eval, "finish").map(answer -> answer != null && answer.toInteger() > 0);
    }

    @Override
    public SortedMap<String, Long> counters() {
        return counters.snapshot();
    }

    /** Names (and depths) asked for before this are idle: dropped from the schedule. */
    private Instant idleBefore(Instant now) {
        return now.minus(config.idle()).minus(config.askedEvery());
    }

    /** Whether this process has not told Redis about {@code asked} within {@code askedEvery}. */
    private boolean due(Asked asked, Instant now) {
        Instant sent = lastAsked.get(asked);
        return sent == null || !now.isBefore(sent.plus(config.askedEvery()));
    }

    /**
     * Forgets names told to Redis more than {@code askedEvery} ago, at most once per {@code askedEvery}: a sweep walks
     * the whole map, and a fleet with more than the threshold of recent names would otherwise walk it per feed.
     */
    private void sweepAsked(Instant now) {
        if (lastAsked.size() > SWEEP_ASKED_ABOVE && !now.isBefore(nextSweep)) {
            nextSweep = now.plus(config.askedEvery());
            Instant before = now.minus(config.askedEvery());
            lastAsked.values().removeIf(sent -> sent.isBefore(before));
        }
    }

    /** Sends a write; its answer, or null when Redis could not be asked (counted) or the script failed (logged). */
    private Future<Response> write(Request eval, String what) {
        return link.send(eval)
                .map(reply -> switch (reply) {
                    case RedisReply.Answered<Response> answered -> answered.value();
                    case RedisReply.Unavailable<Response> unavailable -> {
                        counters.increment(RefreshCount.UNREACHED_WRITES);
                        yield null;
                    }
                })
                .otherwise(bug -> {
                    failures.log(System.Logger.Level.ERROR, "refresh " + what + " script failed", bug);
                    return null;
                });
    }

    private static Claims claims(Response answer, String token) {
        Response flat = answer.get(0);
        List<Claimed> claimed = new ArrayList<>(flat.size() / 4);
        for (int i = 0; i + 3 < flat.size(); i += 4) {
            claimed.add(new Claimed(flat.get(i).toString(), Instant.ofEpochMilli(flat.get(i + 1).toLong()),
                    flat.get(i + 2).toInteger(), token, flat.get(i + 3).toInteger()));
        }
        return new Claims(claimed, answer.get(1).toInteger(), answer.get(2).toInteger(), answer.get(3).toLong(),
                answer.get(4).toLong(), true);
    }
}
