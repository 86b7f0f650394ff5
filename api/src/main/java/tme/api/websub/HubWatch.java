package tme.api.websub;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tme.api.push.Watchers;
import tme.events.Entry;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * The hub's ears: every {@code every} (and at once when a subscription changes here) it reads which channels have
 * subscriptions and watches exactly those ({@link Watchers}: kept current, their new events handed on); each new post
 * queues its deliveries through {@link HubStore#fanOut}, which does so once for the fleet whichever server offers it
 * first. Each round also removes the subscriptions whose lease ran out. Every field is touched on its own context.
 */
final class HubWatch implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(HubWatch.class.getName());

    private final Vertx vertx;
    private final Context context;
    private final HubStore store;
    private final Watchers watchers;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;
    // Failures to read or queue (each round while Redis is down): one line a minute per kind.
    private final RepeatLog failures;
    private final Runnable queued;
    private final Map<String, Consumer<Entry>> watched = new HashMap<>();
    private final long timer;
    private volatile long subscriptions;

    /** {@code queued}: told when this server queued deliveries (so they are taken at once, not at the next round). */
    HubWatch(Vertx vertx, HubStore store, Watchers watchers, Duration every, InstantSource clock,
             Counters<WebSubCount> counts, Runnable queued) {
        this.queued = queued;
        this.vertx = vertx;
        this.context = vertx.getOrCreateContext();
        this.store = store;
        this.watchers = watchers;
        this.clock = clock;
        this.counts = counts;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.timer = vertx.setPeriodic(0, every.toMillis(), id -> round());
    }

    /** Syncs now (a subscription was stored or removed here). */
    void changed() {
        context.runOnContext(v -> sync());
    }

    /** Subscriptions held, as the last round counted them. */
    long subscriptions() {
        return subscriptions;
    }

    private void round() {
        store.all().onSuccess(all -> {
            subscriptions = all.size();
            all.stream().filter(subscription -> subscription.expired(clock.instant())).forEach(expired -> {
                counts.increment(WebSubCount.EXPIRED);
                store.unsubscribe(expired);
            });
        });
        sync();
    }

    private void sync() {
        store.channels().onComplete(read -> context.runOnContext(v -> {
            if (read.failed()) {
                failures.warn("Could not read the subscribed channels", read.cause());
                return;
            }
            apply(read.result());
        }));
    }

    private void apply(Set<String> channels) {
        watched.entrySet().removeIf(entry -> {
            if (!channels.contains(entry.getKey())) {
                watchers.unwatch(entry.getKey(), entry.getValue());
                return true;
            }
            return false;
        });
        for (String channel : channels) {
            watched.computeIfAbsent(channel, name -> {
                Consumer<Entry> listener = entry -> fanOut(name, entry);
                watchers.watch(name, listener);
                return listener;
            });
        }
    }

    private void fanOut(String channel, Entry entry) {
        store.fanOut(channel, entry.seq(), entry.id()).onComplete(done -> {
            if (done.failed()) {
                failures.log(System.Logger.Level.WARNING, "Could not queue deliveries",
                        () -> "Could not queue the deliveries of " + channel + "/" + entry.seq(), done.cause());
            } else if (done.result() > 0) {
                counts.add(WebSubCount.QUEUED, done.result());
                queued.run();
            }
        });
    }

    @Override
    public void close() {
        vertx.cancelTimer(timer);
        context.runOnContext(v -> {
            watched.forEach(watchers::unwatch);
            watched.clear();
        });
    }
}
