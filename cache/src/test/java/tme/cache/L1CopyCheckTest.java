package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.cache.testing.GatedL2;

/**
 * A server's L1 copy of a shared value, capped at {@code MEMORY_CACHE_MAX_TTL} (10 s here), read in the last half of
 * that life: answered from L1 at once, and checked against Redis in the background. Two caches (two servers) on one
 * real redis-server; the reader's reads can be held ({@link GatedL2}) so a test sees the check in flight.
 */
class L1CopyCheckTest extends RedisTestBase {

    static final String KEY = "tme:v1:full:body:{durov}:0";

    TwoLevelCache writer;
    GatedL2 gated;
    TwoLevelCache reader;

    /** The writer stores {@code value}; the reader copies it into L1 (one read of Redis). */
    void readerCopied(Stored value) {
        writer = server(redisL2());
        gated = new GatedL2(redisL2());
        reader = server(gated);
        Await.result(writer.put(KEY, value));
        assertEquals(Level.L2, hit(reader.get(KEY)).level());
    }

    /** A reader's lookup that must be answered at once, from L1, with {@code expected}. */
    void answeredAtOnceFromL1(Stored expected) {
        Future<Lookup> lookup = reader.get(KEY);
        assertTrue(lookup.isComplete(), "an L1 copy is answered without waiting for Redis");
        Lookup.Hit hit = hit(lookup);
        assertEquals(Level.L1, hit.level());
        assertEquals(expected, hit.stored());
    }

    /** Reads the key while Redis's answers are held, then lets the check in flight complete. */
    Lookup readWhileTheCheckIsHeld(Stored expected) {
        gated.hold();
        int readsBefore = gated.reads();
        answeredAtOnceFromL1(expected);
        answeredAtOnceFromL1(expected); // a second reader while the check is in flight starts no second one
        assertEquals(readsBefore + 1, gated.reads());
        Future<Lookup> check = reader.probeL2(KEY); // joins the read in flight: settled when it completes
        assertEquals(readsBefore + 1, gated.reads());
        gated.release();
        return Await.result(check);
    }

    static Lookup.Hit hit(Future<Lookup> lookup) {
        return assertInstanceOf(Lookup.Hit.class, Await.result(lookup));
    }

    @Test
    void readInTheFirstHalfOfItsLife_isNotChecked() {
        Stored value = json("{\"v\":1}");
        readerCopied(value);
        clock.advance(Duration.ofMillis(4_999));

        answeredAtOnceFromL1(value);

        assertEquals(1, gated.reads());
        assertEquals(0L, reader.counters().get("cache.l1.checks"));
    }

    @Test
    void aNewerValueInRedis_replacesTheCopy_afterOneCheck_whileReadersAreAnsweredTheCopy() {
        Stored first = json("{\"v\":1}");
        readerCopied(first);
        clock.advance(Duration.ofSeconds(1));
        Stored refreshed = json("{\"v\":2}");
        Await.result(writer.put(KEY, refreshed));
        clock.advance(Duration.ofSeconds(4));

        readWhileTheCheckIsHeld(first);

        answeredAtOnceFromL1(refreshed);
        assertEquals(2, gated.reads());
        assertEquals(1L, reader.counters().get("cache.l1.checks"));
        assertEquals(1L, reader.counters().get("cache.l2.hits"), "only the first copy was a reader's L2 read");
    }

    @Test
    void theSameValueReadBack_isHeldAnotherCap_soAKeyReadEveryFiveSecondsNeverWaitsForRedis() {
        Stored value = json("{\"v\":1}");
        readerCopied(value);

        for (int round = 1; round <= 4; round++) { // 20 s: twice the cap of the first copy
            clock.advance(Duration.ofSeconds(5));
            readWhileTheCheckIsHeld(value);
        }
        clock.advance(Duration.ofSeconds(5));
        gated.hold(); // a read of Redis now would not complete: the copy must answer

        answeredAtOnceFromL1(value);
        gated.release();
        assertEquals(6, gated.reads(), "the first copy, 4 checks and the check of this last read");
        assertEquals(1L, reader.counters().get("cache.l2.hits"));
    }

    @Test
    void aKeyRedisNoLongerHas_isCheckedOnce_answeredToItsCap_thenTheReaderAtTheCapFindsNothing() {
        Stored value = json("{\"v\":1}");
        readerCopied(value);
        Await.result(writer.drop(KEY)); // e.g. a feed dropped by another server once its channels changed
        clock.advance(Duration.ofSeconds(5));
        readWhileTheCheckIsHeld(value);

        clock.advance(Duration.ofMillis(4_999));
        answeredAtOnceFromL1(value); // no second check of the same copy
        assertEquals(2, gated.reads());
        clock.advance(Duration.ofMillis(1));

        assertSame(Lookup.miss(), Await.result(reader.get(KEY)));
        assertEquals(3, gated.reads());
        assertEquals(1L, reader.counters().get("cache.l1.checks"));
    }

    @Test
    void aCopyWhoseOwnLifeEndsBeforeItsCap_isNotChecked() {
        Staleness none = Staleness.none();
        writer = server(redisL2(none), none);
        gated = new GatedL2(redisL2(none));
        reader = server(gated, none);
        Stored shortLived = json("{\"v\":1}", Duration.ofSeconds(6));
        Await.result(writer.put(KEY, shortLived));
        hit(reader.get(KEY));
        clock.advance(Duration.ofMillis(5_500));

        answeredAtOnceFromL1(shortLived);

        assertEquals(1, gated.reads());
        assertEquals(0L, reader.counters().get("cache.l1.checks"));
    }
}
