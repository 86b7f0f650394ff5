package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tme.api.push.PushLoop;
import tme.api.push.Watchers;
import tme.events.Entry;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * The hub's ears: every {@code every} (and at once when a subscription changes here) it reads which channels have
 * subscriptions and watches exactly those ({@link Watchers}: kept current, their new events handed on); each new post
 * makes the channel's subscriptions due ({@link HubStore#due}: any server may, twice is once). Each round also reads
 * every subscription: it removes those whose lease ran out and keeps the rest as this server's copy of the fleet's
 * subscriptions, which it puts back ({@link Restore}) when Redis lost them. A read is kept only once Redis is known
 * not to have been wiped since the copy before it ({@code wiped}, the generation check, runs after the read): a read
 * of an emptied Redis never replaces the copy. Runs on the push context ({@link PushLoop}), which guards {@code
 * watched} and {@code toRestore}; the copy and the count are snapshots swapped whole through volatiles, read by the
 * wipe listener and the metrics scrape on their own threads.
 */
final class HubWatch implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(HubWatch.class.getName());

    private final Vertx vertx;
    private final PushLoop loop;
    private final HubStore store;
    private final Watchers watchers;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;
    // Failures to read or queue (each round while Redis is down): one line a minute per kind.
    private final RepeatLog failures;
    private final Runnable queued;
    private final Supplier<Future<Boolean>> wiped;
    private final Restore restore;
    // The fleet's subscriptions as last read: an immutable list swapped whole (read by the wipe listener).
    private volatile List<Subscription> copy = List.of();
    // Subscriptions a restore could not write yet (Redis out of reach again): tried each round. Push context only.
    private List<Subscription> toRestore = List.of();
    // The channels watched and the listener each was given. Push context only.
    private final Map<String, Consumer<Entry>> watched = new HashMap<>();
    private final long timer;
    // How many subscriptions the last round read (for the metrics scrape).
    private volatile long subscriptions;

    /**
     * {@code queued}: told when this server made subscriptions due (so they are claimed at once, not at the next
     * round); {@code wiped}: whether Redis was found wiped since the last check (its listeners already ran).
     */
    HubWatch(Vertx vertx, PushLoop loop, HubStore store, Watchers watchers, Duration every, InstantSource clock,
             Counters<WebSubCount> counts, Runnable queued, Supplier<Future<Boolean>> wiped, Restore restore) {
        this.queued = queued;
        this.wiped = wiped;
        this.restore = restore;
        this.vertx = vertx;
        this.loop = loop;
        this.store = store;
        this.watchers = watchers;
        this.clock = clock;
        this.counts = counts;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.timer = vertx.setPeriodic(0, every.toMillis(), id -> loop.run(this::round));
    }

    /** Syncs now (a subscription was stored or removed here). */
    void changed() {
        loop.run(this::sync);
    }

    /** Subscriptions held, as the last round counted them. */
    long subscriptions() {
        return subscriptions;
    }

    /** Redis lost its data: puts back this server's copy of the subscriptions (taken now, before a round replaces it). */
    void restore() {
        List<Subscription> kept = copy;
        loop.run(() -> restore(kept));
    }

    private void restore(List<Subscription> subscriptions) {
        restore.put(subscriptions).onComplete(done -> loop.run(() -> {
            toRestore = done.succeeded() ? done.result() : subscriptions;
            sync();
            queued.run();
        }));
    }

    private void round() {
        assert loop.owns() : "HubWatch off the push context";
        if (!toRestore.isEmpty()) {
            restore(toRestore);
        }
        store.all().compose(all -> wiped.get().map(lost -> lost ? null : all)).onSuccess(all -> {
            if (all == null) {
                return; // read after a wipe: the copy before it was put back, and stays the copy
            }
            copy = List.copyOf(all);
            subscriptions = all.size();
            all.stream().filter(subscription -> subscription.expired(clock.instant())).forEach(expired -> {
                counts.increment(WebSubCount.EXPIRED);
                store.unsubscribe(expired);
            });
        });
        sync();
    }

    private void sync() {
        store.channels().onComplete(read -> loop.run(() -> {
            if (read.failed()) {
                failures.warn("Could not read the subscribed channels", read.cause());
                return;
            }
            apply(read.result());
        }));
    }

    private void apply(Set<String> channels) {
        assert loop.owns() : "HubWatch off the push context";
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
        store.due(channel, clock.instant()).onComplete(done -> {
            if (done.failed()) {
                // The entry stays in the log: the next post, or a restore, makes the subscriptions due and it goes too.
                failures.log(System.Logger.Level.WARNING, "Could not mark deliveries due",
                        () -> "Could not mark the subscriptions of " + channel + " due for " + entry.id(), done.cause());
            } else if (done.result() > 0) {
                counts.add(WebSubCount.DUE, done.result());
                queued.run();
            }
        });
    }

    @Override
    public void close() {
        vertx.cancelTimer(timer);
        loop.run(() -> {
            watched.forEach(watchers::unwatch);
            watched.clear();
        });
    }
}
