package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.concurrent.locks.LockSupport;
import tme.api.outbound.GuardedClient;
import tme.api.outbound.Resolver;
import tme.api.push.PushLoop;
import tme.api.service.FeedDocuments.Document;
import tme.api.service.FeedRequest;
import tme.events.Event;
import tme.events.EventLog;
import tme.redis.Counters;

/**
 * One hub server's delivery side, as {@link WebSub} assembles it, on a real store and event log and a real callback
 * client (the guarded client on the public-address rule, loopback allowed): its deliveries' bodies list the events' data one per line ({@link #documents}), the
 * whole feed is the word {@code whole}. The posts of channel {@value #CHANNEL} are published as {@code telegram/<n>}.
 */
final class HubRig implements AutoCloseable {

    static final String CHANNEL = "telegram";
    static final Duration DEADLINE = Duration.ofSeconds(60);

    final HubStore store;
    final EventLog log;
    final InstantSource clock;
    final Counters<WebSubCount> counts = new Counters<>(WebSubCount.class, EnumSet.allOf(WebSubCount.class));
    final PushLoop loop;
    final Resolver resolver;
    final GuardedClient guarded;
    final Callbacks client;
    final Deliverer deliverer;
    // Closed: renders at once; open: every render waits for it (a server stalled between its claim and its POST).
    volatile CountDownLatch renderGate = new CountDownLatch(0);

    HubRig(Vertx vertx, HubStore store, EventLog log, WebSubConfig config, InstantSource clock) {
        this.store = store;
        this.log = log;
        this.clock = clock;
        this.loop = PushLoop.create(vertx);
        this.resolver = Resolver.system(vertx, 2, 16, Duration.ofSeconds(10));
        this.guarded = WebSub.callbackClient(vertx, resolver, config);
        this.client = new Callbacks(guarded, config.timeout());
        Delivery delivery = new Delivery(vertx, store, log, new Cursors(log), client, documents(vertx), config,
                Optional.empty(), clock, counts);
        this.deliverer = new Deliverer(vertx, loop, store, delivery, config.deliveryLease(), clock, counts);
    }

    static WebSubConfig config(Duration retryFor, int maxPosts) {
        return new WebSubConfig(true, Duration.ofDays(1), Duration.ofDays(1), 100, 100, Duration.ofSeconds(10),
                retryFor, Duration.ofSeconds(12), maxPosts);
    }

    /** A subscription of {@code callback} to {@value #CHANNEL}'s Atom feed, its cursors at the log's newest entry. */
    Subscription subscribe(Callback callback) throws Exception {
        Subscription subscription = new Subscription("http://127.0.0.1:8080/v1/feed?channels=" + CHANNEL
                + "&format=atom", callback.url(), null, Instant.now().plus(Duration.ofDays(1)), List.of(CHANNEL));
        String stored = await(new Cursors(log).newest(subscription.channels())
                .compose(at -> store.subscribe(subscription, at, 100, 100)));
        if (!"ok".equals(stored)) {
            throw new AssertionError(stored);
        }
        return subscription;
    }

    /** Appends posts {@code from}..{@code to} to the log and makes the channel's subscriptions due, as a watch does. */
    void publish(int from, int to) throws Exception {
        for (int post = from; post <= to; post++) {
            byte[] data = (CHANNEL + "/" + post).getBytes(StandardCharsets.UTF_8);
            await(log.publish(CHANNEL, post - 1, List.of(new Event(post, data))));
            await(store.due(CHANNEL, clock.instant()));
            deliverer.nudge();
        }
    }

    long count(WebSubCount count) {
        return counts.snapshot().get(count.metricName());
    }

    private Documents documents(Vertx vertx) {
        return new Documents() {
            @Override
            public Future<Document> posts(FeedRequest request, List<byte[]> events) {
                return gated(vertx, () -> String.join("\n", events.stream()
                        .map(data -> new String(data, StandardCharsets.UTF_8)).toList()));
            }

            @Override
            public Future<Document> whole(FeedRequest request) {
                return gated(vertx, () -> "whole");
            }
        };
    }

    private Future<Document> gated(Vertx vertx, Supplier<String> body) {
        CountDownLatch gate = renderGate;
        return vertx.executeBlocking(() -> {
            gate.await(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            return new Document(body.get().getBytes(StandardCharsets.UTF_8), "text/plain");
        }, false);
    }

    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + DEADLINE + ": " + what + "; state: " + state.get());
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
    }

    @Override
    public void close() {
        deliverer.close();
        guarded.close();
        resolver.close();
    }
}
