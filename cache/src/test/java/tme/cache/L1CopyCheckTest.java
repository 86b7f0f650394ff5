package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.cache.testing.GatedL2;

/**
 * A server's L1 copy of a shared value, capped at {@code MEMORY_CACHE_MAX_TTL} (10 s here), read in the last half of
 * that life: answered from L1 at once, and checked against Redis in the background by the stored time in the header
 * of Redis's value. Two caches (two servers) on one real redis-server; the reader's Redis answers can be held
 * ({@link GatedL2}) so a test sees the reader answered while the check is in flight.
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

    /**
     * Two readers while Redis's answers are held: both answered {@code expected} from L1, one check started. Then the
     * check completes; returns the stored time Redis gave it.
     */
    Optional<Instant> readWhileTheCheckIsHeld(Stored expected) {
        gated.hold();
        int checksBefore = gated.checks();
        answeredAtOnceFromL1(expected);
        answeredAtOnceFromL1(expected);
        assertEquals(checksBefore + 1, gated.checks(), "one check a copy");
        gated.release();
        return Await.result(gated.lastCheck());
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

        assertEquals(0, gated.checks());
        assertEquals(0L, reader.counters().get("cache.l1.checks"));
    }

    @Test
    void aNewerValueInRedis_isReadInTheBackground_andReplacesTheCopy_whileReadersAreAnsweredTheCopy() {
        Stored first = json("{\"v\":1}");
        readerCopied(first);
        clock.advance(Duration.ofSeconds(1));
        Stored refreshed = json("{\"v\":2}");
        Await.result(writer.put(KEY, refreshed));
        clock.advance(Duration.ofSeconds(4));

        assertEquals(Optional.of(refreshed.storedAt()), readWhileTheCheckIsHeld(first));
        assertEquals(2, gated.reads(), "the newer value read in full");
        hit(gated.lastRead());

        answeredAtOnceFromL1(refreshed);
        assertEquals(1L, reader.counters().get("cache.l1.checks"));
        assertEquals(1L, reader.counters().get("cache.l2.hits"), "only the first copy was a reader's L2 read");
    }

    @Test
    void theSameValueInRedis_renewsTheCopyWithoutReadingIt_soAKeyReadEveryFiveSecondsNeverWaitsForRedis() {
        Stored value = json("{\"v\":1}");
        readerCopied(value);

        for (int round = 1; round <= 4; round++) { // 20 s: twice the cap of the first copy
            clock.advance(Duration.ofSeconds(5));
            assertEquals(Optional.of(value.storedAt()), readWhileTheCheckIsHeld(value));
        }
        clock.advance(Duration.ofSeconds(5));
        gated.hold(); // a read of Redis now would not complete: the copy must answer

        answeredAtOnceFromL1(value);
        gated.release();
        assertEquals(1, gated.reads(), "the payload crossed once, for the first copy");
        assertEquals(5, gated.checks());
        assertEquals(5L, reader.counters().get("cache.l1.checks"));
    }

    @Test
    void aRenewedCopy_isHeldNoLongerThanItIsFresh_soAnotherServersRefreshIsReadWhenItTurnsStale() {
        Stored value = json("{\"v\":1}", Duration.ofSeconds(8));
        readerCopied(value); // held until its cap, 10 s, stale from 8 s
        clock.advance(Duration.ofSeconds(5));
        assertEquals(Optional.of(value.storedAt()), readWhileTheCheckIsHeld(value)); // unchanged, stale at 8 s
        clock.advance(Duration.ofSeconds(4));
        Stored refreshed = json("{\"v\":2}", Duration.ofSeconds(8)); // another server refreshed it at 9 s
        Await.result(writer.put(KEY, refreshed));
        clock.advance(Duration.ofSeconds(1)); // the copy's first cap: not moved, since it would only be held stale

        Lookup.Hit hit = hit(reader.get(KEY));

        assertEquals(Level.L2, hit.level());
        assertEquals(refreshed, hit.stored());
        assertTrue(hit.fresh());
        assertEquals(2, gated.reads());
    }

    @Test
    void aKeyRedisNoLongerHas_isCheckedOnce_answeredToItsCap_thenTheReaderAtTheCapFindsNothing() {
        Stored value = json("{\"v\":1}");
        readerCopied(value);
        Await.result(writer.drop(KEY)); // e.g. a feed dropped by another server once its channels changed
        clock.advance(Duration.ofSeconds(5));
        assertEquals(Optional.empty(), readWhileTheCheckIsHeld(value));

        clock.advance(Duration.ofMillis(4_999));
        answeredAtOnceFromL1(value);
        assertEquals(1, gated.checks(), "no second check of the same copy");
        clock.advance(Duration.ofMillis(1));

        assertSame(Lookup.miss(), Await.result(reader.get(KEY)));
        assertEquals(2, gated.reads());
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

        assertEquals(0, gated.checks());
        assertEquals(0L, reader.counters().get("cache.l1.checks"));
    }

    @Test
    void theHeaderOfAValue_givesItsStoredTime_andForeignBytesGiveNothing() {
        Stored value = json("{\"v\":1}");
        Await.result(server(redisL2()).put(KEY, value));
        redis.command("SET", "foreign", "not a stored value at all");

        assertEquals(Optional.of(value.storedAt()), Await.result(redisL2().storedAt(KEY)));
        assertEquals(Optional.empty(), Await.result(redisL2().storedAt("foreign")));
        assertEquals(Optional.empty(), Await.result(redisL2().storedAt("absent")));
    }
}
