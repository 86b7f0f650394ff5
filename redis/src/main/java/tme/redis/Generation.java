package tme.redis;

import io.vertx.core.Future;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Tells this process when Redis lost what the fleet keeps in it: it restarted empty (the ops docs run it without
 * persistence, as a cache), was flushed, or failed over to a replica that had nothing. One key holds a random token,
 * the generation; the first process to find it missing writes a new one ({@link GenerationScripts#CHECK}), and every
 * process that saw another token before learns that Redis was wiped and runs its {@link #onWiped} listeners, which
 * put back what each keeps for the fleet (subscriptions, the refresh schedule, the event logs' marks). A process that
 * has never reached Redis adopts the token it finds: a fresh start is not a wipe.
 *
 * <p>{@link #check} runs every {@code every} (one GET-sized script per process); while Redis is out of reach a round
 * does nothing. On a Redis Cluster the key lives on one node: a wipe of another node alone is not seen.
 */
public final class Generation implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Generation.class.getName());
    /** The key, hash-tagged like every other family (one slot of its own). */
    public static final String KEY = "tme:{generation}";

    private final RedisLink link;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final long timer;
    // The token seen last; null until Redis first answered. Written on the timer's context only.
    private volatile String seen;

    private Generation(RedisLink link, Duration every) {
        this.link = link;
        this.timer = every.isZero() ? -1 : link.vertx.setPeriodic(every.toMillis(), id -> check());
    }

    /** Watches {@code link}'s Redis every {@code every} ({@link Duration#ZERO}: only when {@link #check} is called). */
    public static Generation watch(RedisLink link, Duration every) {
        return new Generation(link, every);
    }

    /** Runs {@code listener} (on a Vert.x context, never concurrently with itself) after each wipe this process sees. */
    public void onWiped(Runnable listener) {
        listeners.add(listener);
    }

    /** Wipes seen since start (also counted as {@code redis.wipes} in the link's counters). */
    public long wipes() {
        return link.counters.snapshot().get(RedisCount.WIPES.metricName());
    }

    /** One round: completes true when this round found Redis wiped (listeners already run), false otherwise. */
    public Future<Boolean> check() {
        String candidate = UUID.randomUUID().toString();
        return link.send(Lua.eval(GenerationScripts.CHECK, KEY).arg(candidate)).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> seen(answered.value().toString());
            case RedisReply.Unavailable<Response> unavailable -> false;
        }).otherwise(bug -> {
            LOG.log(System.Logger.Level.WARNING, "Could not check Redis's generation", bug);
            return false;
        });
    }

    private synchronized boolean seen(String token) {
        String before = seen;
        seen = token;
        if (before == null || before.equals(token)) {
            return false;
        }
        link.counters.increment(RedisCount.WIPES);
        LOG.log(System.Logger.Level.WARNING, "Redis lost its data (restarted empty or flushed): putting back the"
                + " subscriptions, the refresh schedule and the event marks this server keeps");
        for (Runnable listener : listeners) {
            try {
                listener.run();
            } catch (RuntimeException bug) {
                LOG.log(System.Logger.Level.ERROR, "A listener failed to put back its state after a Redis wipe", bug);
            }
        }
        return true;
    }

    @Override
    public void close() {
        if (timer >= 0) {
            link.vertx.cancelTimer(timer);
        }
    }
}
