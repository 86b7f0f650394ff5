package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.redis.RedisLink;
import tme.redis.RedisReply;

/** A paused Redis (CLIENT PAUSE): commands end at REDIS_TIMEOUT; a wait for a busy pool is a miss, not an error. */
class RedisDeadlineTest extends RedisTestBase {

    static final Duration TIMEOUT = Duration.ofMillis(300);

    /** Loads and JITs the client first, so the short deadlines below measure Redis, not a cold JVM. */
    @BeforeEach
    void warmUp() {
        RedisLink warm = link(CacheConfig.defaults().withRedisTimeout(Duration.ofSeconds(5)));
        for (int i = 0; i < 20; i++) {
            Await.result(warm.send(Request.cmd(Command.PING)));
        }
    }

    TwoLevelCache server(RedisLink link) {
        return server(L2.redis(link, clock, config().staleness()));
    }

    @Test
    void pausedRedis_aReadEndsAtTheDeadlineAsAMiss_andCountsAsAnError() {
        RedisLink link = link(CacheConfig.defaults().withRedisTimeout(TIMEOUT));
        TwoLevelCache cache = server(link);
        Await.result(cache.put("a", json("{}")));
        assertEquals(1, redis.calls("set"));
        redis.command("CLIENT", "PAUSE", "5000", "ALL");

        long start = System.nanoTime();
        Lookup lookup = Await.result(cache.get("b"));
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

        assertSame(Lookup.miss(), lookup);
        // Not before the deadline; that it ended at the deadline (not when the pause did) is the timeout counted
        // below, not a wall-clock upper bound a busy machine could pass.
        assertTrue(elapsedMillis >= TIMEOUT.toMillis() - 10, "took " + elapsedMillis + "ms");
        Map<String, Long> counters = link.counters();
        assertEquals(1L, counters.get("redis.timeouts"), counters.toString());
        assertEquals(0L, counters.get("redis.errors"), counters.toString());
        assertFalse(link.bypassing(), "one timeout does not open the breaker");
    }

    @Test
    void pausedRedis_threeTimeoutsOpenTheBreaker() {
        RedisLink link = link(CacheConfig.defaults().withRedisTimeout(TIMEOUT));
        Await.result(link.send(Request.cmd(Command.PING)));
        redis.command("CLIENT", "PAUSE", "5000", "ALL");

        for (int i = 0; i < 3; i++) {
            Future<RedisReply<Response>> reply = link.send(Request.cmd(Command.GET).arg("k" + i));
            assertEquals(RedisReply.Unreached.TIMEOUT,
                    assertInstanceOf(RedisReply.Unavailable.class, Await.result(reply)).reason());
        }

        assertTrue(link.bypassing());
        assertEquals(RedisReply.Unreached.BREAKER_OPEN, assertInstanceOf(RedisReply.Unavailable.class,
                Await.result(link.send(Request.cmd(Command.PING)))).reason());
        assertEquals(1L, link.counters().get("redis.breaker.opened"));
    }

    @Test
    void pausedRedis_commandsInFlightTogetherTimeOutAsOne_theBreakerStaysClosed() {
        RedisLink link = link(CacheConfig.defaults().withRedisTimeout(TIMEOUT));
        Await.result(link.send(Request.cmd(Command.PING)));
        redis.command("CLIENT", "PAUSE", "5000", "ALL");

        List<Future<RedisReply<Response>>> together = IntStream.range(0, 5)
                .mapToObj(i -> link.send(Request.cmd(Command.GET).arg("k" + i))).toList();
        together.forEach(reply -> assertEquals(RedisReply.Unreached.TIMEOUT,
                assertInstanceOf(RedisReply.Unavailable.class, Await.result(reply)).reason()));

        assertEquals(5L, link.counters().get("redis.timeouts"));
        assertFalse(link.bypassing(), "five commands sent together and timed out together are one stall");
        assertEquals(0L, link.counters().get("redis.breaker.opened"));
    }

    @Test
    void busyPool_waitingForAConnectionIsAMiss_notARedisError() {
        RedisLink link = link(CacheConfig.defaults().withRedisTimeout(TIMEOUT).withRedisPoolSize(1));
        TwoLevelCache cache = server(link);
        Await.result(cache.put("a", json("{}")));
        redis.command("CLIENT", "PAUSE", "5000", "ALL");

        Future<Lookup> holdsTheConnection = cache.get("b");
        Future<Lookup> waitsForIt = cache.get("c");

        assertSame(Lookup.miss(), Await.result(holdsTheConnection));
        assertSame(Lookup.miss(), Await.result(waitsForIt));
        Map<String, Long> counters = link.counters();
        assertEquals(1L, counters.get("redis.timeouts"), counters.toString());
        assertEquals(1L, counters.get("redis.pool.waits"), counters.toString());
        assertEquals(0L, counters.get("redis.errors"), counters.toString());
    }

    @Test
    void errorReply_failsTheFuture_butCountsAsRedisReached() {
        RedisLink link = link(CacheConfig.defaults().withRedisTimeout(Duration.ofSeconds(5)));

        Future<RedisReply<Response>> reply = link.send(Request.cmd(Command.EVAL).arg("return redis.call('NOPE')")
                .arg(0));

        AssertionError failed = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> Await.result(reply));
        assertTrue(failed.getCause().getMessage().contains("NOPE") || failed.getCause().getMessage().contains("Unknown"),
                failed.getCause().getMessage());
        assertEquals(0L, link.counters().get("redis.errors"));
        RedisReply.Answered<?> answered = assertInstanceOf(RedisReply.Answered.class,
                Await.result(link.send(Request.cmd(Command.SET).arg("{lease}:k").arg("v"))));
        assertEquals("OK", answered.value().toString());
    }
}
