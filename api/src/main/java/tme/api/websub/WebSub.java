package tme.api.websub;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import tme.api.push.Watchers;
import tme.api.service.FeedDocuments;
import tme.redis.Counters;
import tme.redis.RedisLink;

/** The hub, assembled: its store (Redis, or memory without it), watch, deliverer and {@code POST /websub} handler. */
public final class WebSub implements AutoCloseable {

    /** How often each server rereads the subscribed channels and sweeps expired subscriptions. */
    private static final Duration SYNC_EVERY = Duration.ofSeconds(5);

    private final Hub hub;
    private final HubWatch watch;
    private final Deliverer deliverer;
    private final CallbackClient client;
    private final Counters<WebSubCount> counts = new Counters<>(WebSubCount.class, EnumSet.allOf(WebSubCount.class));

    public WebSub(Vertx vertx, Optional<RedisLink> redis, WebSubConfig config, Optional<String> publicUrl,
                  InstantSource clock, Watchers watchers, FeedDocuments documents) {
        HubStore store = redis.<HubStore>map(link -> new RedisHubStore(link, clock))
                .orElseGet(() -> new LocalHubStore(clock));
        client = new CallbackClient(vertx, new CallbackGuard(vertx, config.allowPrivate()), config.timeout());
        deliverer = new Deliverer(vertx, store, client, documents, config, publicUrl, clock, counts);
        watch = new HubWatch(vertx, store, watchers, SYNC_EVERY, clock, counts, deliverer::nudge);
        Verifier verifier = new Verifier(client, store, config, counts, watch::changed);
        hub = new Hub(verifier, client, config, publicUrl, clock, counts);
    }

    /** {@code POST /websub}. */
    public Handler<RoutingContext> handler() {
        return hub;
    }

    /** {@code websub.*}: requests, verifications, deliveries by outcome; subscriptions and held deliveries (gauges). */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counts.snapshot());
        all.put("websub.subscriptions", watch.subscriptions());
        all.put("websub.deliveries_held", (long) deliverer.held());
        return all;
    }

    @Override
    public void close() {
        deliverer.close();
        watch.close();
        client.close();
    }
}
