package tme.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.cache.testing.TestClock;

/** L1 alone ({@code L2.none()}): the default a new user gets. */
class TwoLevelCacheMemoryTest {

    static final byte[] JSON = "{\"channel\":\"durov\",\"posts\":[]}".getBytes(StandardCharsets.UTF_8);
    static final int ANSWER = 0;
    static final int NOT_FOUND = 1;

    final TestClock clock = new TestClock();
    final TwoLevelCache cache = TwoLevelCache.create(CacheConfig.defaults(), clock, L2.none());

    Lookup get(String key) {
        return Await.result(cache.get(key));
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
    void get_neverReturnsAnEntryPastItsOwnExpiry() {
        Await.result(cache.put("a", stored(ANSWER, Duration.ofSeconds(10))));
        Await.result(cache.put("b", stored(NOT_FOUND, Duration.ofSeconds(60))));

        clock.advance(Duration.ofMillis(9_999));
        assertInstanceOf(Lookup.Hit.class, get("a"));
        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get("a"));

        Lookup.Hit notFound = assertInstanceOf(Lookup.Hit.class, get("b"));
        assertEquals(NOT_FOUND, notFound.stored().kind());
        clock.advance(Duration.ofSeconds(50));
        assertSame(Lookup.miss(), get("b"));
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
    void keepL2Copy_withLessThanTheCapLeftLivesForWhatIsLeft() {
        cache.keepL2Copy("k", stored(ANSWER, Duration.ofSeconds(60)), Duration.ofSeconds(3));

        clock.advance(Duration.ofMillis(2_999));
        assertEquals(Duration.ofMillis(1), assertInstanceOf(Lookup.Hit.class, get("k")).timeLeft());
        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get("k"));
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
