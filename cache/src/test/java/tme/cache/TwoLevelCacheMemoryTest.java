package tme.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.redis.testing.TestClock;

/** L1 alone ({@code L2.none()}): the default a new user gets. */
class TwoLevelCacheMemoryTest {

    static final byte[] JSON = "{\"channel\":\"durov\",\"posts\":[]}".getBytes(StandardCharsets.UTF_8);
    static final int ANSWER = 0;
    static final int NOT_FOUND = 1;

    final TestClock clock = new TestClock();
    final TwoLevelCache cache = TwoLevelCache.create(CacheConfig.defaults(), clock, L2.none());

    Lookup get(String key) {
        return get(cache, key);
    }

    static Lookup get(TwoLevelCache cache, String key) {
        return Await.result(cache.get(key));
    }

    TwoLevelCache cache(Staleness staleness) {
        return TwoLevelCache.create(CacheConfig.defaults().withStaleness(staleness), clock, L2.none());
    }

    Stored stored(int kind, Duration freshFor) {
        return Stored.of(JSON, kind, clock.instant(), freshFor);
    }

    @Test
    void get_missesUnknownKey() {
        assertSame(Lookup.miss(), get("tme:v1:full:body:durov:0"));
        assertEquals(1L, cache.counters().get("cache.misses"));
    }

    @Test
    void get_hitsWhatWasPutWithAgeAndTimeLeft() {
        Stored value = stored(ANSWER, Duration.ofSeconds(30));
        Await.result(cache.put("tme:v1:full:body:durov:0", value));
        clock.advance(Duration.ofSeconds(4));

        Lookup.Hit hit = assertInstanceOf(Lookup.Hit.class, get("tme:v1:full:body:durov:0"));

        assertSame(value, hit.stored());
        assertEquals(Level.L1, hit.level());
        assertEquals(Duration.ofSeconds(4), hit.stored().age(clock.instant()));
        assertEquals(Duration.ofSeconds(26), hit.timeLeft());
        assertArrayEquals(JSON, hit.stored().raw());
        assertEquals(1L, cache.counters().get("cache.l1.hits"));
    }

    @Test
    void get_withoutStaleness_neverReturnsAnEntryPastItsOwnExpiry() {
        TwoLevelCache cache = cache(Staleness.none());
        Await.result(cache.put("a", stored(ANSWER, Duration.ofSeconds(10))));
        Await.result(cache.put("b", stored(NOT_FOUND, Duration.ofSeconds(60))));

        clock.advance(Duration.ofMillis(9_999));
        assertInstanceOf(Lookup.Hit.class, get(cache, "a"));
        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get(cache, "a"));

        Lookup.Hit notFound = assertInstanceOf(Lookup.Hit.class, get(cache, "b"));
        assertEquals(NOT_FOUND, notFound.stored().kind());
        clock.advance(Duration.ofSeconds(50));
        assertSame(Lookup.miss(), get(cache, "b"));
    }

    @Test
    void get_isAFreshHitUntilExpiry_thenAStaleHitUntilKeepFor_thenAMiss() {
        TwoLevelCache cache = cache(Staleness.of(Optional.of(Duration.ofSeconds(5)), Duration.ofSeconds(20)));
        Await.result(cache.put("a", stored(ANSWER, Duration.ofSeconds(10))));

        clock.advance(Duration.ofMillis(9_999));
        Lookup.Hit fresh = assertInstanceOf(Lookup.Hit.class, get(cache, "a"));
        assertEquals(true, fresh.fresh());
        assertEquals(Duration.ZERO, fresh.staleFor());

        clock.advance(Duration.ofMillis(1));
        Lookup.Hit justStale = assertInstanceOf(Lookup.Hit.class, get(cache, "a"));
        assertEquals(false, justStale.fresh());
        assertEquals(Duration.ZERO, justStale.timeLeft());

        clock.advance(Duration.ofMillis(19_999)); // keepFor = max(5s, 20s)
        Lookup.Hit stale = assertInstanceOf(Lookup.Hit.class, get(cache, "a"));
        assertEquals(false, stale.fresh());
        assertEquals(Duration.ofMillis(19_999), stale.staleFor());
        assertEquals(Duration.ofMillis(-19_999), stale.timeLeft());

        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get(cache, "a"));
        assertEquals(3L, cache.counters().get("cache.l1.hits"));
    }

    @Test
    void put_withoutRedisKeepsTheFullTtlBeyondTheL1Cap() {
        Await.result(cache.put("preview", stored(ANSWER, Duration.ofMinutes(10))));

        clock.advance(Duration.ofMinutes(9));

        Lookup.Hit hit = assertInstanceOf(Lookup.Hit.class, get("preview"));
        assertEquals(Duration.ofMinutes(1), hit.timeLeft());
    }

    @Test
    void keepL2Copy_livesAtMostTheL1Cap() {
        Stored fromRedis = stored(ANSWER, Duration.ofSeconds(60));
        Lookup kept = cache.keepL2Copy("k", fromRedis, Duration.ofSeconds(60));
        assertEquals(Level.L2, assertInstanceOf(Lookup.Hit.class, kept).level());

        clock.advance(Duration.ofMillis(9_999));
        assertEquals(Level.L1, assertInstanceOf(Lookup.Hit.class, get("k")).level());
        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get("k"));
    }

    @Test
    void keepL2Copy_withLessThanTheCapKeptLivesForWhatIsKept() {
        TwoLevelCache cache = cache(Staleness.of(Optional.of(Duration.ofSeconds(1)), Duration.ofSeconds(1)));
        cache.keepL2Copy("k", stored(ANSWER, Duration.ofSeconds(60)), Duration.ofSeconds(2));

        clock.advance(Duration.ofMillis(2_999)); // 2s fresh, then kept stale for 1s
        Lookup.Hit stale = assertInstanceOf(Lookup.Hit.class, get(cache, "k"));
        assertEquals(Duration.ofMillis(-999), stale.timeLeft());
        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get(cache, "k"));
    }

    @Test
    void keepL2Copy_ofAStaleValue_isKeptAsStale_andOnePastItsKeepWindowIsAMiss() {
        TwoLevelCache cache = cache(Staleness.of(Optional.empty(), Duration.ofSeconds(30)));
        Stored value = stored(ANSWER, Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(15));

        Lookup.Hit kept = assertInstanceOf(Lookup.Hit.class, cache.keepL2Copy("k", value, Duration.ofSeconds(-5)));
        assertEquals(Duration.ofSeconds(5), kept.staleFor());
        assertSame(Lookup.miss(), cache.keepL2Copy("gone", value, Duration.ofSeconds(-30)));
        assertSame(Lookup.miss(), get(cache, "gone"));
    }

    @Test
    void keepL2Copy_neverReplacesAValueStoredLater() {
        Stored older = stored(ANSWER, Duration.ofSeconds(60));
        clock.advance(Duration.ofSeconds(1));
        Stored newer = stored(ANSWER, Duration.ofSeconds(60));
        Await.result(cache.put("k", newer));

        Lookup kept = cache.keepL2Copy("k", older, Duration.ofSeconds(59));

        assertSame(newer, assertInstanceOf(Lookup.Hit.class, kept).stored());
        assertSame(newer, assertInstanceOf(Lookup.Hit.class, get("k")).stored());
    }

    @Test
    void put_ignoresAnAlreadyExpiredValue() {
        Stored stale = stored(ANSWER, Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));

        Await.result(cache.put("k", stale));

        assertSame(Lookup.miss(), get("k"));
    }
}
