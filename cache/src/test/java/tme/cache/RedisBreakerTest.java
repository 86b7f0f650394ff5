package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

/** Redis killed and restarted under a running cache: it keeps serving from L1 and the breaker does its job. */
class RedisBreakerTest extends RedisTestBase {

    /** The generous deadline of {@link #config()}: the failures here are refused connections, not slowness. */
    TwoLevelCache server() {
        return server(redisL2());
    }

    Lookup get(TwoLevelCache cache, String key) {
        return Await.result(cache.get(key));
    }

    static Level level(Lookup lookup) {
        return assertInstanceOf(Lookup.Hit.class, lookup).level();
    }

    static void assertCounters(TwoLevelCache cache, long errors, long opened, long bypassed) {
        Map<String, Long> counters = cache.counters();
        assertEquals(errors, counters.get("redis.errors"), "errors in " + counters);
        assertEquals(opened, counters.get("redis.breaker.opened"), "openings in " + counters);
        assertEquals(bypassed, counters.get("redis.bypassed"), "bypassed in " + counters);
        assertEquals(0L, counters.get("redis.timeouts"), "timeouts in " + counters);
    }

    @Test
    void redisKilled_servesFromL1_opensAfterThreeErrors_closesAfterRestartAndAProbe() {
        TwoLevelCache cache = server();
        Await.result(cache.put("a", json("{\"a\":1}")));
        assertEquals(1, redis.calls("set"));

        redis.kill();
        assertEquals(Level.L1, level(get(cache, "a")));
        assertSame(Lookup.miss(), get(cache, "b"));
        assertSame(Lookup.miss(), get(cache, "c"));
        assertCounters(cache, 2, 0, 0);
        Await.result(cache.put("d", json("{\"d\":1}"))); // the third error: the write; never thrown
        assertCounters(cache, 3, 1, 0);

        assertEquals(Level.L1, level(get(cache, "d")));
        assertSame(Lookup.miss(), get(cache, "e"));
        assertCounters(cache, 3, 1, 1);

        clock.advance(Duration.ofSeconds(11));
        assertEquals(Level.L1, level(get(cache, "d")), "written while Redis failed: kept for its full TTL");
        assertSame(Lookup.miss(), get(cache, "a"), "written while Redis worked: its L1 copy lived 10s");
        assertCounters(cache, 3, 1, 2);

        redis.restart();
        clock.advance(Duration.ofMillis(18_999));
        assertSame(Lookup.miss(), get(cache, "x"));
        assertCounters(cache, 3, 1, 3);
        assertEquals(0, redis.calls("get"), "no command reaches Redis while the breaker is open");

        clock.advance(Duration.ofMillis(1));
        assertSame(Lookup.miss(), get(cache, "y")); // the probe: Redis answers nil
        assertEquals(1, redis.calls("get"));
        Await.result(cache.put("z", json("{\"z\":1}")));
        assertEquals(Level.L2, level(get(server(), "z")));
        assertCounters(cache, 3, 1, 3);
    }

    @Test
    void singleErrors_doNotOpen_andACommandThatReachesRedisResetsTheCount() {
        TwoLevelCache cache = server();
        redis.kill();
        assertSame(Lookup.miss(), get(cache, "b"));

        redis.restart();
        assertSame(Lookup.miss(), get(cache, "c"));
        redis.kill();
        assertSame(Lookup.miss(), get(cache, "d")); // on the pooled connection Redis's death closed
        assertSame(Lookup.miss(), get(cache, "e"));

        assertCounters(cache, 3, 0, 0);
        assertSame(Lookup.miss(), get(cache, "f"));
        assertCounters(cache, 4, 1, 0);
    }
}
