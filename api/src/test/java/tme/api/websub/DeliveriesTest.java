package tme.api.websub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.websub.HubRig.until;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.events.EventLog;
import tme.events.Fact;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;

/**
 * Deliveries carry what the subscriber missed, each post once, and one subscriber never holds another: a hub server's
 * delivery side ({@link HubRig}) on a real Redis (store and event log) POSTing to real callbacks on loopback, posts
 * appended to the log as a refresh would. Properties, never timings: every post once and in order; the healthy
 * subscriber has everything while the dead one is still failing.
 */
class DeliveriesTest {

    final RedisServer redis = RedisServer.start();
    final Vertx vertx = Vertx.vertx();
    final RedisLink link = RedisLink.create(vertx, new RedisConfig(redis.url(), Duration.ofSeconds(5), 4, 3,
            Duration.ofSeconds(10), Duration.ofSeconds(1)), InstantSource.system());
    final EventLog log = EventLog.redis(link, "tme:events:", 1000, Duration.ofDays(7));
    final List<AutoCloseable> closing = new java.util.ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable each : closing.reversed()) {
            each.close();
        }
        vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        redis.close();
    }

    @Test
    void subscriberDownWhile150PostsArePublished_getsAll150OnceInOrderWhenBack() throws Exception {
        HubRig hub = rig(InstantSource.system(), Duration.ofHours(1));
        Callback subscriber = downWhile(hub, () -> hub.publish(1, 150), 150);

        assertEquals(posts(1, 150), subscriber.acknowledged(), "every post once, in order");
        List<Callback.Post> delivered = subscriber.posts().stream().filter(post -> post.answeredWith() == 204).toList();
        assertEquals(100, delivered.getFirst().body().lines().count(), "WEBSUB_MAX_POSTS per delivery");
        // The subscriber has its 204 before the hub has read it: the hub counts a delivery once the answer is in.
        until("the hub counted the deliveries", () -> hub.count(WebSubCount.POSTS_DELIVERED) >= 150,
                () -> hub.count(WebSubCount.POSTS_DELIVERED) + " counted");
        assertEquals(150, hub.count(WebSubCount.POSTS_DELIVERED));
        hub.publish(151, 151);
        until("the marker acknowledged", () -> subscriber.acknowledged().size() >= 151,
                () -> subscriber.acknowledged().toString());
        assertEquals(posts(1, 151), subscriber.acknowledged(), "nothing delivered twice before the marker");
        assertEquals(0, hub.count(WebSubCount.RESYNCS));
    }

    /**
     * A deletion among the posts a subscriber missed: the posts still go as themselves, each once, and the deletion as
     * the whole feed once. Before, the whole batch went as the whole feed and its cursors passed every post in it: a
     * post not on the pages the feed is built from (here none is: the whole feed is the word "whole") was never sent.
     */
    @Test
    void aDeletionAmongTheMissedPosts_everyPostStillArrivesOnce_andTheWholeFeedOnce() throws Exception {
        HubRig hub = rig(InstantSource.system(), Duration.ofHours(1));
        Callback subscriber = downWhile(hub, () -> {
            hub.publish(1, 30);
            HubRig.await(hub.log.record(HubRig.CHANNEL, List.of(new Fact("5", "deleted", "deleted",
                    "telegram/5 deleted".getBytes(java.nio.charset.StandardCharsets.UTF_8)))));
            hub.publish(31, 60);
        }, 61);

        List<String> expected = new java.util.ArrayList<>(posts(1, 30));
        expected.add("whole");
        expected.addAll(posts(31, 60));
        assertEquals(expected, subscriber.acknowledged(), "the posts, the deletion as the whole feed, the posts");
    }

    @Test
    void deadSubscriber_neverHoldsAHealthyOne() throws Exception {
        HubRig hub = rig(InstantSource.system(), Duration.ofHours(1));
        Callback dead = callback();
        dead.answer(503);
        Callback hanging = callback();
        hanging.answer(Callback.HANG);
        Callback healthy = callback();
        hub.subscribe(dead);
        hub.subscribe(hanging);
        hub.subscribe(healthy);

        hub.publish(1, 100);
        until("the healthy subscriber has all 100 posts", () -> healthy.acknowledged().size() >= 100,
                () -> healthy.acknowledged().size() + " acknowledged");

        assertEquals(posts(1, 100), healthy.acknowledged());
        assertEquals(List.of(), dead.acknowledged(), "the dead one is still failing");
        assertEquals(List.of(), hanging.acknowledged());
        assertTrue(dead.posts().size() >= 1, "the dead one was tried");
        assertTrue(hanging.posts().size() >= 1, "the hanging one was tried");
        assertEquals(0, hub.count(WebSubCount.GIVEN_UP));
        assertTrue(hub.deliverer.inFlight() <= 2, "the dead ones wait their backoff in Redis, not in a slot");
    }

    @Test
    void deadForTheWholeRetryWindow_givenUpThenTheNextPostAlone() throws Exception {
        HubRig hub = rig(InstantSource.system(), Duration.ofSeconds(3));
        Callback subscriber = callback();
        subscriber.answer(503);
        hub.subscribe(subscriber);

        hub.publish(1, 5);
        until("given up after WEBSUB_RETRY_FOR", () -> hub.count(WebSubCount.GIVEN_UP) == 1,
                () -> hub.counts.snapshot().toString());
        subscriber.answer(204);
        hub.publish(6, 6);
        until("post 6 delivered", () -> subscriber.acknowledged().size() >= 1, () -> subscriber.posts().toString());

        assertEquals(List.of("telegram/6"), subscriber.acknowledged(), "the posts given up are skipped, not resent");
        assertTrue(hub.count(WebSubCount.FAILED_ATTEMPTS) >= 2);
    }

    @Test
    void claimTakenOverWhileAServerStalled_theStalledServerSendsNothing() throws Exception {
        HubRig stalled = rig(InstantSource.system(), Duration.ofHours(1));
        Callback subscriber = callback();
        Subscription subscription = stalled.subscribe(subscriber);
        stalled.renderGate = new CountDownLatch(1);
        stalled.publish(1, 1);
        until("the stalled server claimed the delivery",
                () -> "1".equals(redis.command("HEXISTS", "tme:websub:{websub}:claims", subscription.id())),
                () -> redis.command("HGETALL", "tme:websub:{websub}:claims"));

        // Another server, past the first one's lease on its clock: the claim ran out, it takes it over and delivers.
        HubRig heir = rig(() -> Instant.now().plus(Duration.ofSeconds(30)), Duration.ofHours(1));
        until("the heir delivered post 1", () -> subscriber.acknowledged().size() >= 1,
                () -> subscriber.posts().toString());
        assertEquals(1, heir.count(WebSubCount.RECLAIMED));

        stalled.renderGate.countDown();
        until("the stalled server gave up its send", () -> stalled.count(WebSubCount.NOT_SENT) == 1,
                () -> stalled.counts.snapshot().toString());
        heir.publish(2, 2);
        until("post 2 delivered", () -> subscriber.acknowledged().size() >= 2, () -> subscriber.posts().toString());

        assertEquals(posts(1, 2), subscriber.acknowledged(), "post 1 once, then post 2");
        assertEquals(2, subscriber.posts().size());
        assertEquals(0, stalled.count(WebSubCount.DELIVERED));
    }

    @Test
    void logTrimmedPastTheCursor_wholeFeedWithTheResyncHeader() throws Exception {
        EventLog small = EventLog.redis(link, "tme:small:", 10, Duration.ofDays(7));
        HubRig hub = track(new HubRig(vertx, new RedisHubStore(link), small, HubRig.config(Duration.ofHours(1), 100),
                InstantSource.system()));
        Callback subscriber = callback();
        hub.publish(1, 1);
        hub.subscribe(subscriber);
        subscriber.answer(503);
        hub.publish(2, 200);
        until("an attempt failed", () -> hub.count(WebSubCount.FAILED_ATTEMPTS) >= 1, () -> "none yet");
        subscriber.answer(204);
        until("a resync acknowledged", () -> hub.count(WebSubCount.RESYNCS) == 1, () -> subscriber.posts().toString());

        Callback.Post resync = subscriber.posts().getLast();
        assertTrue(resync.resync());
        assertEquals("whole", resync.body());
        hub.publish(201, 201);
        until("the next post after the resync", () -> subscriber.acknowledged().contains("telegram/201"),
                () -> subscriber.posts().toString());
        assertEquals(List.of("telegram/201"), subscriber.acknowledged());
    }

    private HubRig rig(InstantSource clock, Duration retryFor) {
        return track(new HubRig(vertx, new RedisHubStore(link), log, HubRig.config(retryFor, 100), clock));
    }

    /** What a test does while its subscriber is down. */
    private interface WhileDown {
        void run() throws Exception;
    }

    /**
     * A subscriber answering 503 while {@code down} runs and until the hub has failed to deliver twice, then 204 until
     * it has acknowledged {@code lines} lines (posts, or the whole feed's one line).
     */
    private Callback downWhile(HubRig hub, WhileDown down, int lines) throws Exception {
        Callback subscriber = callback();
        subscriber.answer(503);
        hub.subscribe(subscriber);
        down.run();
        until("attempts failed while the subscriber was down", () -> hub.count(WebSubCount.FAILED_ATTEMPTS) >= 2,
                () -> subscriber.posts().size() + " POSTs");
        subscriber.answer(204);
        until(lines + " lines acknowledged", () -> subscriber.acknowledged().size() >= lines,
                () -> subscriber.acknowledged().size() + " acknowledged");
        return subscriber;
    }

    private Callback callback() {
        return track(new Callback());
    }

    private <T extends AutoCloseable> T track(T closeable) {
        closing.add(closeable);
        return closeable;
    }

    static List<String> posts(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(post -> HubRig.CHANNEL + "/" + post).toList();
    }
}
