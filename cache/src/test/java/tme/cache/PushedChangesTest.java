package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.cache.testing.GatedL2;

/**
 * A value one server writes to Redis is published, and every other server holding an older copy of its key
 * replaces that copy at once: its readers get the new value from L1, with no Redis read at the copy's cap and no
 * stale answer while Redis holds the new one. Servers on one real redis-server, each its own link and subscription.
 */
class PushedChangesTest extends RedisTestBase {

    static final String KEY = "tme:v1:full:body:{durov}:0";
    static final String OTHER = "tme:v1:full:body:{meduzalive}:0";

    TwoLevelCache writer;
    TwoLevelCache reader;

    /** Two servers following changes; the reader holds a copy of the writer's first value, read a second ago. */
    void readerHoldsACopy() {
        writer = following();
        reader = following();
        Await.result(writer.put(KEY, json("{\"v\":1}")));
        assertEquals(Level.L2, hit(reader.get(KEY)).level());
        clock.advance(Duration.ofSeconds(1)); // what is written now is newer by its stored time
    }

    /** The writer stores a newer value of the key; returns it once the reader has taken it. */
    Stored writerRefreshed() {
        Stored refreshed = json("{\"v\":2}");
        Await.result(writer.put(KEY, refreshed));
        awaitPushed(reader, 1);
        return refreshed;
    }

    static Lookup.Hit hit(Future<Lookup> lookup) {
        return assertInstanceOf(Lookup.Hit.class, Await.result(lookup));
    }

    static long pushed(TwoLevelCache server) {
        return server.counters().get("cache.l1.pushed");
    }

    /** A server whose subscription is up: what is published from now on reaches it. */
    TwoLevelCache following() {
        TwoLevelCache server = server(redisL2()).followChanges();
        awaitSubscribed(server, 1);
        return server;
    }

    static void awaitSubscribed(TwoLevelCache server, long times) {
        Await.until(() -> server.counters().getOrDefault("redis.changes.subscribed", 0L) >= times,
                "subscribed " + times + " times");
    }

    static void awaitPushed(TwoLevelCache server, long count) {
        Await.until(() -> pushed(server) >= count, "cache.l1.pushed reaches " + count);
        assertEquals(count, pushed(server));
    }

    @Test
    void aNewerValueWrittenElsewhere_replacesTheCopyHere_andIsAnsweredFromL1_withoutARedisRead() {
        readerHoldsACopy();

        Stored refreshed = writerRefreshed();
        Lookup.Hit hit = hit(reader.get(KEY));

        assertEquals(Level.L1, hit.level());
        assertEquals(refreshed, hit.stored());
        assertEquals(1, redis.calls("get"), "the reader read Redis once, for its first copy");
        assertEquals(0, pushed(writer), "the writer's own message is not taken back");
    }

    /**
     * While the subscription that tells this server the others' changes stays unbroken, no change of a key can pass
     * it by: a copy lives past its cap, its reader answered from L1, and Redis is not read for the same value again.
     */
    @Test
    void whileTheSubscriptionHolds_aCopyOutlivesItsCap_withoutARedisRead() {
        readerHoldsACopy();
        Stored refreshed = writerRefreshed();

        clock.advance(Duration.ofSeconds(65)); // past MEMORY_CACHE_MAX_TTL (10 s) and the value's freshness (60 s)
        Lookup.Hit pastCap = hit(reader.get(KEY));

        assertEquals(Level.L1, pastCap.level());
        assertEquals(refreshed, pastCap.stored());
        assertFalse(pastCap.fresh(), "stale: its reader refreshes it, one load for the fleet");
        assertEquals(1, redis.calls("get"), "the reader read Redis once, for its first copy");
        assertEquals(0, redis.calls("getrange"), "nor checked the copy against it");
    }

    /**
     * Messages published while a subscription is down are lost: copies kept under it get their cap back, so a
     * server that may have missed a change sees Redis within the cap, as without the subscription.
     */
    @Test
    void aSubscriptionBroken_bringsTheCapBack_soAMissedChangeIsSeenWithinIt() {
        readerHoldsACopy();
        Stored refreshed = writerRefreshed();
        clock.advance(Duration.ofSeconds(5));
        assertEquals(Level.L1, hit(reader.get(KEY)).level(), "within its cap");

        redis.command("CLIENT", "KILL", "TYPE", "pubsub"); // every subscription's connection dropped
        awaitSubscribed(reader, 2);
        clock.advance(Duration.ofSeconds(5)); // 10 s since the push: its cap
        Lookup.Hit afterCap = hit(reader.get(KEY));

        assertEquals(Level.L2, afterCap.level());
        assertEquals(refreshed, afterCap.stored());
        assertEquals(2, redis.calls("get"));
    }

    /** A server reading a key from Redis; Redis has answered, and its answer waits at the gate. */
    Future<Lookup> readerReadingTheFirstValue(GatedL2 gated) {
        writer = following();
        reader = server(gated).followChanges();
        awaitSubscribed(reader, 1);
        Await.result(writer.put(KEY, json("{\"v\":1}")));
        Await.until(() -> reader.counters().get("redis.changes.received") == 1, "the first value's message arrived");
        gated.hold();
        Future<Lookup> reading = reader.get(KEY);
        Await.until(() -> redis.calls("get") == 1, "Redis answered the read");
        clock.advance(Duration.ofSeconds(1));
        return reading;
    }

    /**
     * A change told while the key is read: the value the read brings may predate it, so its copy keeps its cap and
     * the reader sees the change at the cap, as a server that missed the message would.
     */
    @Test
    void aChangeToldWhileTheKeyIsRead_leavesTheValueReadToItsCap() {
        GatedL2 gated = GatedL2.followed(redisL2());
        Future<Lookup> reading = readerReadingTheFirstValue(gated);

        Stored refreshed = json("{\"v\":2}");
        Await.result(writer.put(KEY, refreshed));
        Await.until(() -> reader.counters().get("redis.changes.received") >= 2, "the change reached the reader");
        gated.release();
        assertEquals("{\"v\":1}", new String(hit(reading).stored().raw(), StandardCharsets.UTF_8));
        clock.advance(Duration.ofSeconds(10)); // its cap
        Lookup.Hit afterCap = hit(reader.get(KEY));

        assertEquals(Level.L2, afterCap.level());
        assertEquals(refreshed, afterCap.stored());
        assertEquals(2, gated.reads());
    }

    /** A drop told while the key is read: the value the read brings may be the dropped one, so it keeps its cap. */
    @Test
    void aDropToldWhileTheKeyIsRead_leavesTheValueReadToItsCap() {
        GatedL2 gated = GatedL2.followed(redisL2());
        Future<Lookup> reading = readerReadingTheFirstValue(gated);

        Await.result(writer.drop(KEY));
        Await.until(() -> reader.counters().get("redis.changes.received") >= 2, "the drop reached the reader");
        gated.release();
        assertEquals("{\"v\":1}", new String(hit(reading).stored().raw(), StandardCharsets.UTF_8));
        clock.advance(Duration.ofSeconds(10)); // its cap
        Lookup afterCap = Await.result(reader.get(KEY));

        assertInstanceOf(Lookup.Miss.class, afterCap, "read again: Redis no longer has it");
        assertEquals(2, gated.reads());
    }

    @Test
    void aKeyNotHeldHere_isNotTaken_andTheWritersOwnCopyStaysTheSameObject() {
        readerHoldsACopy();
        Stored unasked = json("{\"other\":1}");
        Stored refreshed = json("{\"v\":2}");

        Await.result(writer.put(OTHER, unasked));
        Await.result(writer.put(KEY, refreshed));
        awaitPushed(reader, 1); // one channel, in order: OTHER's message came first

        assertNull(reader.freshInL1(OTHER, clock.instant()), "nobody here asked for it");
        assertSame(refreshed, writer.freshInL1(KEY, clock.instant()));
    }

    @Test
    void anOlderValue_neverReplacesANewerCopy() {
        writer = following();
        reader = following();
        Stored older = json("{\"v\":\"older\"}");
        clock.advance(Duration.ofSeconds(1));
        Stored newer = json("{\"v\":\"newer\"}");
        Await.result(reader.put(KEY, newer));
        Await.result(reader.put(OTHER, json("{\"other\":1}")));

        Await.result(writer.put(KEY, older)); // a slow load finishing late
        clock.advance(Duration.ofSeconds(1));
        Stored marker = json("{\"other\":2}");
        Await.result(writer.put(OTHER, marker));
        awaitPushed(reader, 1); // the marker, after the older value's message

        assertSame(newer, reader.freshInL1(KEY, clock.instant()));
        assertEquals(marker, reader.freshInL1(OTHER, clock.instant()));
    }

    @Test
    void aWriterThatDoesNotPublish_leavesTheCopyToItsCap() {
        readerHoldsACopy();
        Await.result(writer.put(OTHER, json("{\"other\":1}")));
        hit(reader.get(OTHER)); // now held, from Redis
        TwoLevelCache silent = server(L2.redis(link(config()), clock, config().staleness(), false));
        clock.advance(Duration.ofSeconds(1));

        Await.result(silent.put(KEY, json("{\"v\":\"untold\"}"))); // MEMORY_CACHE_PUSH=false
        Stored marker = json("{\"other\":2}");
        Await.result(writer.put(OTHER, marker));
        awaitPushed(reader, 1); // the marker: the silent write, before it, sent nothing

        assertEquals("{\"v\":1}", new String(reader.freshInL1(KEY, clock.instant()).raw(), StandardCharsets.UTF_8));
        assertEquals(marker, reader.freshInL1(OTHER, clock.instant()));
    }

    @Test
    void aKeyDroppedElsewhere_isDroppedHere_soTheNextReaderFindsItGone() {
        readerHoldsACopy();
        long received = reader.counters().get("redis.changes.received");

        Await.result(writer.drop(KEY)); // e.g. a feed whose channel had a post edited
        Await.until(() -> reader.counters().get("redis.changes.received") > received, "the drop's message handled");

        assertNull(reader.freshInL1(KEY, clock.instant()));
        assertInstanceOf(Lookup.Miss.class, Await.result(reader.get(KEY)));
    }

    /**
     * A capped copy (one the level took without a subscription number: GatedL2 tells none, as a lease's read is
     * kept) renewed by its check (L1CopyCheckTest) while changes reach this server is held past its freshness, to
     * its cap: read stale, it answers at once instead of asking Redis for the same stale value (its reader then
     * refreshes it, one load for the fleet); another server's refresh replaces it as soon as it is written.
     */
    @Test
    void whileFollowing_aRenewedCopyIsHeldStalePastItsFreshness_untilAnotherServersRefreshReplacesIt() {
        writer = following();
        GatedL2 gated = new GatedL2(redisL2());
        reader = server(gated).followChanges();
        awaitSubscribed(reader, 1);
        Stored value = json("{\"v\":1}", Duration.ofSeconds(8));
        Await.result(writer.put(KEY, value));
        assertEquals(Level.L2, hit(reader.get(KEY)).level()); // held until its cap, 10 s; stale from 8 s
        clock.advance(Duration.ofSeconds(5));
        hit(reader.get(KEY)); // in the last half of its life: checked, the same value, renewed to 15 s
        assertEquals(Optional.of(value.storedAt()), Await.result(gated.lastCheck()));
        clock.advance(Duration.ofSeconds(6)); // 11 s: past its freshness and its first cap

        Lookup.Hit stale = hit(reader.get(KEY));
        assertEquals(Level.L1, stale.level());
        assertFalse(stale.fresh());
        assertEquals(value, stale.stored());
        Stored refreshed = json("{\"v\":2}", Duration.ofSeconds(8));
        Await.result(writer.put(KEY, refreshed));
        awaitPushed(reader, 1);
        Lookup.Hit fresh = hit(reader.get(KEY));

        assertEquals(Level.L1, fresh.level());
        assertTrue(fresh.fresh());
        assertEquals(refreshed, fresh.stored());
        assertEquals(1, gated.reads(), "Redis read once, for the first copy");
    }

    @Test
    void afterRedisRestarts_theSubscriptionComesBack_andChangesArriveAgain() {
        readerHoldsACopy();
        writerRefreshed();

        redis.restart(); // empty, on the same port: the subscription's connection drops
        awaitSubscribed(reader, 2);
        clock.advance(Duration.ofSeconds(1));
        Stored afterRestart = json("{\"v\":3}");
        // Written until one arrives: the writer's first write after the restart may meet its pool's broken connection.
        Await.until(() -> {
            Await.result(writer.put(KEY, afterRestart));
            return pushed(reader) == 2;
        }, "a change published after the restart reaches the reader");

        assertEquals(afterRestart, reader.freshInL1(KEY, clock.instant()));
    }
}
