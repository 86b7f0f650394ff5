package tme.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.cache.testing.GatedL2;

/** Two cache instances (two servers) sharing one real redis-server, on one test clock. */
class TwoLevelCacheRedisTest extends RedisTestBase {

    static final String KEY = "tme:v1:full:body:{durov}:0";

    /** Another server puts {@code value} under {@link #KEY}; then an L2 on the same Redis whose reads are held. */
    GatedL2 heldAfterAnotherServerWrote(Stored value) {
        Await.result(server(redisL2()).put(KEY, value));
        GatedL2 gated = new GatedL2(redisL2());
        gated.hold();
        return gated;
    }

    static Lookup.Hit hit(Future<Lookup> lookup) {
        return assertInstanceOf(Lookup.Hit.class, Await.result(lookup));
    }

    @Test
    void secondServer_answersAKeyTheFirstWrote_withTheSameAge() {
        TwoLevelCache first = server(redisL2());
        TwoLevelCache second = server(redisL2());
        Stored page = Stored.of(CompressionTest.pageJson(), 0, clock.instant(), Duration.ofSeconds(60));
        Await.result(first.put(KEY, page));
        clock.advance(Duration.ofSeconds(7));

        Lookup.Hit hit = hit(second.get(KEY));

        assertEquals(Level.L2, hit.level());
        assertEquals(page, hit.stored());
        assertEquals(page.storedAt(), hit.stored().storedAt());
        assertEquals(Duration.ofSeconds(7), hit.stored().age(clock.instant()));
        assertEquals(Duration.ofSeconds(53), hit.timeLeft());
        assertArrayEquals(CompressionTest.pageJson(), hit.stored().raw());
        assertEquals(1L, second.counters().get("cache.l2.hits"));
    }

    @Test
    void l2Read_sendsGetAndPttlTogether_andTheTtlIsRedisOwn() {
        TwoLevelCache first = server(redisL2());
        TwoLevelCache second = server(redisL2());
        Await.result(first.put(KEY, json("{}")));
        redis.command("PEXPIRE", KEY, "4000"); // Redis says less time is left than the stored freshness

        Lookup.Hit hit = hit(second.get(KEY));

        assertEquals(1, redis.calls("get"));
        assertEquals(1, redis.calls("pttl"));
        assertEquals(1, redis.calls("set"));
        long leftMillis = hit.timeLeft().toMillis();
        assertEquals(true, leftMillis > 3000 && leftMillis <= 4000, "time left " + hit.timeLeft());
    }

    @Test
    void l2Read_ofAKeyWithoutTtl_trustsTheStoredFreshness() {
        Await.result(server(redisL2()).put(KEY, json("{}", Duration.ofSeconds(60))));
        redis.command("PERSIST", KEY); // written by someone else, without an expiry
        clock.advance(Duration.ofSeconds(15));

        Lookup.Hit hit = hit(server(redisL2()).get(KEY));

        assertEquals(Level.L2, hit.level());
        assertEquals(Duration.ofSeconds(45), hit.timeLeft());
    }

    @Test
    void l1CopyOfAnL2Entry_livesAtMostTenSeconds_thenTheNewerRedisValueIsSeen() {
        TwoLevelCache writer = server(redisL2());
        TwoLevelCache reader = server(redisL2());
        Await.result(writer.put(KEY, json("{\"v\":1}")));
        assertEquals(Level.L2, hit(reader.get(KEY)).level());

        clock.advance(Duration.ofMillis(4_999)); // read before the last half of its life: no check (L1CopyCheckTest)
        assertEquals(Level.L1, hit(reader.get(KEY)).level());
        Stored refreshed = json("{\"v\":2}");
        Await.result(writer.put(KEY, refreshed));
        clock.advance(Duration.ofMillis(5_000));
        assertEquals(1, redis.calls("get"));

        clock.advance(Duration.ofMillis(1));
        Lookup.Hit afterCap = hit(reader.get(KEY));

        assertEquals(Level.L2, afterCap.level());
        assertEquals(refreshed, afterCap.stored());
        assertEquals(2, redis.calls("get"));
    }

    @Test
    void ownPut_isAlsoCappedInL1WhileRedisIsUp() {
        TwoLevelCache writer = server(redisL2());
        TwoLevelCache refresher = server(redisL2());
        Await.result(writer.put(KEY, json("{\"v\":1}")));
        clock.advance(Duration.ofSeconds(3));
        Stored refreshed = json("{\"v\":2}");
        Await.result(refresher.put(KEY, refreshed));

        clock.advance(Duration.ofSeconds(7));

        assertEquals(refreshed, hit(writer.get(KEY)).stored());
    }

    @Test
    void copyRace_aPutDuringAnInFlightL2ReadWins() {
        GatedL2 gated = heldAfterAnotherServerWrote(json("{\"v\":1}"));
        TwoLevelCache cache = server(gated);

        Future<Lookup> inFlight = cache.get(KEY);
        clock.advance(Duration.ofSeconds(1));
        Stored newer = json("{\"v\":2}");
        Await.result(cache.put(KEY, newer));
        gated.release();

        Lookup.Hit raced = hit(inFlight);
        assertEquals(newer, raced.stored());
        assertEquals(Level.L1, raced.level());
        assertEquals(newer, hit(cache.get(KEY)).stored());
        assertEquals(1, gated.reads());
    }

    @Test
    void concurrentMisses_shareOneRedisRead() {
        Stored value = json("{\"v\":1}");
        GatedL2 gated = heldAfterAnotherServerWrote(value);
        TwoLevelCache cache = server(gated);

        List<Future<Lookup>> lookups = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            lookups.add(cache.get(KEY));
        }
        gated.release();

        for (Future<Lookup> lookup : lookups) {
            assertEquals(value, hit(lookup).stored());
        }
        assertEquals(1, gated.reads());
        assertEquals(1, redis.calls("get"));
        assertEquals(50L, cache.counters().get("cache.l2.hits"));
        assertEquals(Level.L1, hit(cache.get(KEY)).level());
    }

    @Test
    void put_setsPxToFreshnessLeftPlusKeepFor_andKeepsTheValueThroughBothWindows() {
        Staleness staleness = Staleness.of(Optional.of(Duration.ofSeconds(5)), Duration.ofSeconds(20));
        TwoLevelCache writer = server(redisL2(staleness), staleness);
        TwoLevelCache reader = server(redisL2(staleness), staleness);
        Await.result(writer.put(KEY, json("{}", Duration.ofSeconds(10))));

        long pttl = Long.parseLong(redis.command("PTTL", KEY));
        assertTrue(pttl > 29_000 && pttl <= 30_000, "10s fresh + keepFor max(5s, 20s): PTTL " + pttl);
        clock.advance(Duration.ofMillis(9_999));
        assertTrue(hit(reader.get(KEY)).fresh());
    }

    @Test
    void l2Value_pastItsStoredFreshness_isAStaleHit_untilKeepFor_thenAMiss() {
        Staleness staleness = Staleness.of(Optional.of(Duration.ofSeconds(5)), Duration.ofSeconds(20));
        TwoLevelCache writer = server(redisL2(staleness), staleness);
        Await.result(writer.put(KEY, json("{}", Duration.ofSeconds(10))));

        clock.advance(Duration.ofSeconds(10));
        Lookup.Hit stale = hit(server(redisL2(staleness), staleness).get(KEY));
        assertEquals(Level.L2, stale.level());
        assertFalse(stale.fresh());
        clock.advance(Duration.ofMillis(19_999));
        Lookup.Hit late = hit(server(redisL2(staleness), staleness).get(KEY));
        assertEquals(Duration.ofMillis(19_999), late.staleFor());

        clock.advance(Duration.ofMillis(1)); // Redis still holds it (its clock is real time); ours says it is gone
        assertSame(Lookup.miss(), Await.result(server(redisL2(staleness), staleness).get(KEY)));
    }

    @Test
    void l2Value_withoutStaleness_pastItsStoredFreshness_isAMiss() {
        TwoLevelCache writer = server(redisL2(Staleness.none()), Staleness.none());
        TwoLevelCache reader = server(redisL2(Staleness.none()), Staleness.none());
        Await.result(writer.put(KEY, json("{}", Duration.ofSeconds(10))));
        long pttl = Long.parseLong(redis.command("PTTL", KEY));
        assertTrue(pttl > 9_000 && pttl <= 10_000, "PTTL " + pttl);

        clock.advance(Duration.ofSeconds(10));

        assertSame(Lookup.miss(), Await.result(reader.get(KEY)));
    }

    @Test
    void l1CopyOfAStaleL2Entry_isCappedToo_soAnotherServersRefreshIsSeenWithinTheCap() {
        TwoLevelCache writer = server(redisL2());
        TwoLevelCache reader = server(redisL2());
        Await.result(writer.put(KEY, json("{\"v\":1}", Duration.ofSeconds(10))));
        clock.advance(Duration.ofSeconds(20));
        assertFalse(hit(reader.get(KEY)).fresh());

        Stored refreshed = json("{\"v\":2}", Duration.ofSeconds(10));
        Await.result(writer.put(KEY, refreshed));
        clock.advance(Duration.ofMillis(4_999));
        assertEquals(Level.L1, hit(reader.get(KEY)).level());
        clock.advance(Duration.ofMillis(5_001));

        Lookup.Hit seen = hit(reader.get(KEY));
        assertEquals(refreshed, seen.stored());
        assertEquals(Level.L2, seen.level());
    }

    @Test
    void unreadableRedisValue_isACountedMiss() {
        TwoLevelCache cache = server(redisL2());
        redis.command("SET", KEY, "not a stored value at all");

        assertSame(Lookup.miss(), Await.result(cache.get(KEY)));
        assertEquals(1L, cache.counters().get("redis.unreadable.values"));
    }

    @Test
    void missEverywhere_isOneMissAndLeavesNothingInFlight() {
        TwoLevelCache cache = server(redisL2());

        assertSame(Lookup.miss(), Await.result(cache.get(KEY)));
        assertSame(Lookup.miss(), Await.result(cache.get(KEY)));

        assertEquals(2, redis.calls("get"));
        assertEquals(2L, cache.counters().get("cache.misses"));
    }
}
