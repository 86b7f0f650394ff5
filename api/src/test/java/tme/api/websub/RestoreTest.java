package tme.api.websub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.api.websub.HubRig.await;
import static tme.api.websub.HubRig.until;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.push.Watchers;
import tme.coalescing.refresh.Schedule;
import tme.events.EventLog;
import tme.events.Tail;
import tme.redis.Generation;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;

/**
 * Redis restarted empty under the hub (the ops docs run it without persistence): every server keeps a copy of the
 * fleet's subscriptions and puts it back when its generation check finds Redis wiped, so the next post is delivered;
 * a subscription the bounds refuse on the way back is told with {@code hub.mode=denied}, never dropped in silence.
 * Before, the subscriptions were gone with Redis and no subscriber was told (none resubscribed for days).
 */
class RestoreTest {

    static final String SUBS = "tme:websub:{websub}:subs";

    final RedisServer redis = RedisServer.start();
    final Vertx vertx = Vertx.vertx();
    final RedisLink link = RedisLink.create(vertx, new RedisConfig(redis.url(), Duration.ofSeconds(5), 4, 3,
            Duration.ofSeconds(10), Duration.ofMillis(200)), InstantSource.system());
    final EventLog log = EventLog.redis(link, "tme:events:", 1000, Duration.ofDays(7));
    final HubRig hub = new HubRig(vertx, new RedisHubStore(link), log, HubRig.config(Duration.ofHours(1), 100),
            InstantSource.system());
    final Callback subscriber = new Callback();
    final Callback refused = new Callback();

    @AfterEach
    void close() throws Exception {
        hub.close();
        subscriber.close();
        refused.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        redis.close();
    }

    @Test
    void redisRestartedEmpty_subscriptionPutBack_nextPostDelivered() throws Exception {
        Generation generation = Generation.watch(link, Duration.ZERO);
        await(generation.check());
        Watchers watchers = new Watchers(vertx, new Tail(vertx, hub.loop.context(), log, Duration.ofMillis(50), 100).start(),
                Schedule.none(), Duration.ofSeconds(5), name -> Future.succeededFuture());
        HubWatch watch = new HubWatch(vertx, hub.loop, hub.store, watchers, Duration.ofMillis(200), InstantSource.system(),
                hub.counts, hub.deliverer::nudge, generation::check,
                new Restore(hub.store, hub.client, HubRig.config(Duration.ofHours(1), 100), InstantSource.system(),
                        hub.counts));
        generation.onWiped(watch::restore);
        try {
            Subscription subscription = hub.subscribe(subscriber);
            watch.changed();
            until("the watch read the subscription", () -> watch.subscriptions() == 1, () -> "none yet");

            redis.restart();
            until("the subscription put back",
                    () -> "1".equals(redis.command("HEXISTS", SUBS, subscription.id())),
                    () -> hub.counts.snapshot().toString());
            // What it had acknowledged went with Redis: the whole feed once, marked, before anything new.
            until("a resync", () -> subscriber.posts().stream().anyMatch(post -> post.resync()
                    && post.answeredWith() == 204), () -> subscriber.posts().toString());
            hub.publish(1, 1);
            until("post 1 delivered", () -> subscriber.acknowledged().size() >= 1, () -> subscriber.posts().toString());

            assertEquals(List.of("telegram/1"), subscriber.acknowledged());
            assertEquals(1, subscriber.posts().stream().filter(post -> post.resync()).count());
            assertEquals(1, hub.count(WebSubCount.RESYNCS));
            assertEquals(1, hub.count(WebSubCount.RESTORED));
            assertEquals(1, generation.wipes());
        } finally {
            watch.close();
            watchers.close();
            generation.close();
        }
    }

    @Test
    void subscriptionTheBoundsRefuseOnRestore_toldWithADenial() throws Exception {
        Subscription kept = hub.subscribe(subscriber);
        Subscription other = new Subscription(kept.topic(), refused.url(), null,
                Instant.now().plus(Duration.ofDays(1)), kept.channels());
        WebSubConfig onePerTopic = new WebSubConfig(true, Duration.ofDays(1), Duration.ofDays(1), 1, 100,
                Duration.ofSeconds(10), Duration.ofHours(1), Duration.ofSeconds(12), 100);
        Restore restore = new Restore(hub.store, hub.client, onePerTopic, InstantSource.system(), hub.counts);

        assertEquals(List.of(), await(restore.put(List.of(kept, other))));

        until("the refused subscriber told", () -> refused.gets().size() == 1, () -> "no GET yet");
        Map<String, String> denial = refused.gets().getFirst();
        assertEquals("denied", denial.get("hub.mode"));
        assertEquals(kept.topic(), denial.get("hub.topic"));
        assertEquals("the hub lost its subscriptions and could not keep this one: this topic has 1 subscriptions,"
                + " its most", denial.get("hub.reason"));
        assertEquals(1, hub.count(WebSubCount.DENIED));
        assertEquals(1, hub.count(WebSubCount.RESTORED), "the one already there renewed, its cursor kept");
        assertEquals("0", redis.command("HEXISTS", SUBS, other.id()));
        assertEquals(List.of(), subscriber.gets());
    }
}
