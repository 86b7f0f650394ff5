package tme.api.websub;

import io.vertx.core.Future;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tme.redis.Counters;

/**
 * Puts back subscriptions Redis lost (it restarted empty or was flushed), from the copy every server keeps of the
 * fleet's subscriptions ({@link HubWatch}): each within the bounds, its cursors {@link Cursors#LOST} (a subscriber
 * that was failing when Redis lost its log had posts it never got: its next delivery is the whole feed, marked as a
 * resync, then the posts after the logs' ends as always), and due at once. One the bounds refuse is told so ({@code hub.mode=denied}), never dropped in silence. Every server puts back
 * the same copy: a renewal of one already back changes nothing.
 */
final class Restore {

    private static final System.Logger LOG = System.getLogger(Restore.class.getName());

    private final HubStore store;
    private final Callbacks client;
    private final WebSubConfig config;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;

    Restore(HubStore store, Callbacks client, WebSubConfig config, InstantSource clock,
            Counters<WebSubCount> counts) {
        this.store = store;
        this.client = client;
        this.config = config;
        this.clock = clock;
        this.counts = counts;
    }

    /** Puts back {@code subscriptions}; answers those Redis could not take (out of reach again), to try later. */
    Future<List<Subscription>> put(List<Subscription> subscriptions) {
        List<Subscription> live = subscriptions.stream().filter(s -> !s.expired(clock.instant())).toList();
        List<Future<Boolean>> puts = live.stream().map(this::put).toList();
        return Future.join(puts).transform(all -> {
            List<Subscription> again = new ArrayList<>();
            for (int i = 0; i < live.size(); i++) {
                if (puts.get(i).failed()) {
                    again.add(live.get(i));
                }
            }
            if (!again.isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, again.size() + " WebSub subscriptions not put back yet (Redis out"
                        + " of reach): tried again on the next round");
            }
            return Future.succeededFuture(again);
        });
    }

    private Future<Boolean> put(Subscription subscription) {
        Map<String, String> start = new java.util.HashMap<>();
        subscription.channels().forEach(channel -> start.put(channel, Cursors.LOST));
        return store.subscribe(subscription, start, config.maxPerTopic(), config.maxPerHost()).compose(stored -> {
            if ("ok".equals(stored)) {
                counts.increment(WebSubCount.RESTORED);
                return Future.all(subscription.channels().stream()
                        .map(channel -> store.due(channel, clock.instant())).toList()).map(true);
            }
            counts.increment(WebSubCount.DENIED);
            return Denial.send(client, subscription.callback(), subscription.topic(), "the hub lost its subscriptions"
                    + " and could not keep this one: " + Denial.reason(stored, config)).map(false);
        });
    }
}
