package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import tme.api.outbound.GuardedClient;
import tme.api.outbound.PublicAddresses;
import tme.api.outbound.Resolver;
import tme.api.push.PushLoop;
import tme.api.push.Watchers;
import tme.api.service.FeedDocuments;
import tme.events.EventLog;
import tme.redis.Counters;
import tme.redis.Generation;
import tme.redis.RedisLink;

/** The hub, assembled: its store (Redis, or memory without it), watch, deliverer and {@code POST /websub} handler. */
public final class WebSub implements AutoCloseable {

    /** How often each server rereads the subscribed channels and sweeps expired subscriptions. */
    private static final Duration SYNC_EVERY = Duration.ofSeconds(5);
    /** Pooled keep-alive connections to callbacks. */
    private static final int MAX_CONNECTIONS = 8;

    private final Hub hub;
    private final HubWatch watch;
    private final Deliverer deliverer;
    private final Counters<WebSubCount> counts = new Counters<>(WebSubCount.class, EnumSet.allOf(WebSubCount.class));

    /**
     * {@code loop}: the push context the watch and the deliverer run on; {@code callbacks}: the guarded client every
     * call to a callback goes through ({@link #callbackClient}); {@code events}: the channels' event logs the
     * deliveries read; {@code generation}: tells when Redis lost its data (then this server puts back its copy of
     * the subscriptions).
     */
    public WebSub(Vertx vertx, PushLoop loop, GuardedClient callbacks, Optional<RedisLink> redis,
                  Optional<Generation> generation, EventLog events, WebSubConfig config, Optional<String> publicUrl,
                  InstantSource clock, Watchers watchers, FeedDocuments documents) {
        HubStore store = redis.<HubStore>map(RedisHubStore::new).orElseGet(LocalHubStore::new);
        Callbacks client = new Callbacks(callbacks, config.timeout());
        Delivery delivery = new Delivery(vertx, store, events, new Cursors(events), client, Documents.of(documents),
                config, publicUrl, clock, counts);
        deliverer = new Deliverer(vertx, loop, store, delivery, config.deliveryLease(), clock, counts);
        Supplier<Future<Boolean>> wiped = () -> generation.map(Generation::check)
                .orElseGet(() -> Future.succeededFuture(false));
        watch = new HubWatch(vertx, loop, store, watchers, SYNC_EVERY, clock, counts, deliverer::nudge, wiped,
                new Restore(store, client, config, clock, counts));
        generation.ifPresent(watching -> watching.onWiped(watch::restore));
        Verifier verifier = new Verifier(client, store, new Cursors(events), config, counts, watch::changed);
        hub = new Hub(verifier, client, config, publicUrl, documents.maxPages(), clock, counts);
    }

    /**
     * The door out for callbacks: a {@link GuardedClient} on the public-address rule ({@code WEBSUB_ALLOW_PRIVATE}
     * lifts its address part), looking names up on {@code resolver}; no redirects, answers read up to
     * {@link WebSubConfig#MAX_ANSWER_BYTES}, every connection and silence within {@code WEBSUB_TIMEOUT}.
     */
    public static GuardedClient callbackClient(Vertx vertx, Resolver resolver, WebSubConfig config) {
        return new GuardedClient(vertx, new PublicAddresses(Hub.CALLBACK, resolver, config.allowPrivate()),
                new GuardedClient.Limits(config.timeout(), 0, WebSubConfig.MAX_ANSWER_BYTES, MAX_CONNECTIONS));
    }

    /** {@code POST /websub}. */
    public Handler<RoutingContext> handler() {
        return hub;
    }

    /** {@code websub.*}: requests, verifications, deliveries by outcome; subscriptions and deliveries in flight (gauges). */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counts.snapshot());
        all.put("websub.subscriptions", watch.subscriptions());
        all.put("websub.deliveries_in_flight", (long) deliverer.inFlight());
        return all;
    }

    @Override
    public void close() {
        deliverer.close();
        watch.close();
    }
}
