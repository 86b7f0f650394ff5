package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.CacheConfig;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * The work-conserving share in the fleet's script ({@code ThrottleScripts.CLIENT_BUDGET}), two servers on one
 * redis-server: whether a share binds is decided by the waiting set next to the budget, so a client alone on server
 * one is held to its share once another client asked on server two. Redis's clock is real: the fleet gives a token
 * every 10 s (a burst of 3, so a lone client books at most 20 s ahead), and the test's few milliseconds never
 * bring one; only the kinds of verdicts are compared, their waits being Redis time.
 */
class ThrottleShareRedisTest {

    static final String WAITING = "{tme:gate}:waiting";
    static final Duration DEADLINE = Duration.ofMinutes(5);
    static final ClientShare HALF = new ClientShare(0.5, 2, Duration.ofMinutes(10));

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final Vertx vertx = Vertx.vertx();
    final CacheConfig cacheConfig = CacheConfig.defaults().withRedis(redis.url())
            .withRedisTimeout(Duration.ofSeconds(2));
    final UpstreamThrottle one = server();
    final UpstreamThrottle two = server();

    @AfterEach
    void stop() {
        redis.close();
        Await.result(vertx.close());
    }

    @Test
    void aLoneClient_isNeverRefusedForItsShare_untilAnotherClientAsksOnAnotherServer() {
        assertEquals(List.of("go", "go", "go", "go", "go", "again"), kinds(one, "a", true, 6));

        assertEquals(List.of("go"), kinds(two, "b", true, 1));
        assertEquals(List.of("go", "go", "client_share"), kinds(one, "a", true, 3));
        assertEquals(List.of("go", "client_share"), kinds(two, "b", true, 2));
        assertEquals("a\nb", redis.command("ZRANGE", WAITING, "0", "-1"));
    }

    @Test
    void backgroundWork_isNotNotedAsWaiting() {
        assertEquals(List.of("go"), kinds(two, Asker.BACKGROUND_CLIENT, false, 1));

        assertEquals(List.of("go", "go", "go", "go", "again"), kinds(one, "a", true, 5));
        assertEquals("a", redis.command("ZRANGE", WAITING, "0", "-1"));
        assertEquals(0L, one.counters().get("gate.budget.local_fallbacks"));
    }

    private List<String> kinds(UpstreamThrottle server, String client, boolean reader, int count) {
        return IntStream.range(0, count).mapToObj(i -> switch (Await.result(server.reserve(client, reader, DEADLINE))) {
            case Verdict.Go go -> "go";
            case Verdict.Again again -> "again";
            case Verdict.No no -> no.refused().why().name().toLowerCase(java.util.Locale.ROOT);
        }).toList();
    }

    private UpstreamThrottle server() {
        RedisLink link = RedisLink.create(vertx, cacheConfig.withRedisStartGrace(Duration.ZERO).redis().orElseThrow(),
                clock);
        return new UpstreamThrottle(ThrottleConfig.defaults().withRate(0.1, 3), HALF, Optional.of(link), clock, vertx,
                Draws.of(0.0));
    }
}
