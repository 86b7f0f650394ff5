package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.CacheConfig;
import tme.cache.testing.Await;
import tme.coalescing.Conditions;
import tme.coalescing.Asker;
import tme.coalescing.LoadContext;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * The fleet's cooldown and budget against a real redis-server; each throttle has its own link, as each server
 * of the fleet would. Redis's clock is real time, so these tests move the test clock only where Redis is not
 * asked, and read spacing from the times the script answers, never by sleeping.
 */
class ThrottleBudgetRedisTest {

    static final String COOLDOWN = "{tme:gate}:cooldown";
    static final String BUDGET = "{tme:gate}:budget";

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final Vertx vertx = Vertx.vertx();
    final CacheConfig cacheConfig = CacheConfig.defaults().withRedis(redis.url())
            .withRedisTimeout(Duration.ofSeconds(2));
    final ThrottleConfig five = ThrottleConfig.defaults().withRate(5, 5);

    @AfterEach
    void stop() {
        redis.close();
        Await.result(vertx.close());
    }

    /** No start-up grace: Redis killed before the first command opens the breaker at the third failure. */
    RedisLink link() {
        return RedisLink.create(vertx, cacheConfig.withRedisStartGrace(Duration.ZERO).redis().orElseThrow(), clock);
    }

    UpstreamThrottle server(ThrottleConfig config) {
        return new UpstreamThrottle(config, Optional.of(link()), clock, vertx, Draws.of(0.0, 0.0, 0.0));
    }

    long pttl() {
        return Long.parseLong(redis.command("PTTL", COOLDOWN));
    }

    @Test
    void cooldown_reportedToOneServer_makesAnotherRefuse_withoutSeeingThe429() {
        UpstreamThrottle one = server(ThrottleConfig.defaults());
        UpstreamThrottle other = server(ThrottleConfig.defaults());
        Admission.Admitted sent = assertInstanceOf(Admission.Admitted.class,
                Await.result(one.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO)));

        one.report(sent, Signal.throttled(Optional.of(Duration.ofSeconds(30))));
        Conditions.await("the cooldown reaches Redis", () -> pttl() > 0);

        Admission.Refused refused = assertInstanceOf(Admission.Refused.class,
                Await.result(other.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO)));
        assertEquals(Refusal.COOLDOWN, refused.why());
        assertTrue(refused.retryAfter().compareTo(Duration.ofSeconds(29)) > 0
                && refused.retryAfter().compareTo(Duration.ofSeconds(30)) <= 0, refused.toString());
        long evals = redis.calls("eval");
        assertEquals(refused, Await.result(other.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO)),
                "the other server knows now, on its own clock");
        assertEquals(evals, redis.calls("eval"), "and asked Redis no more");
        assertEquals(1L, other.counters().get("gate.cooldowns.adopted"));
        assertEquals(1L, other.counters().get("gate.strikes"));
        assertEquals(0L, other.counters().get("gate.signals.throttled"));
        assertEquals(0L, other.counters().get("gate.cooldowns.started"));
    }

    @Test
    void cooldownKey_isOnlyEverExtended() {
        UpstreamThrottle first = server(ThrottleConfig.defaults());
        UpstreamThrottle second = server(ThrottleConfig.defaults());
        UpstreamThrottle third = server(ThrottleConfig.defaults());

        first.report(new Admission.Admitted(clock.instant()), Signal.throttled(Optional.of(Duration.ofSeconds(10))));
        Conditions.await("10s in Redis", () -> pttl() > 9_000);
        second.report(new Admission.Admitted(clock.instant()), Signal.throttled(Optional.of(Duration.ofSeconds(2))));
        Conditions.await("the second server learns the longer cooldown",
                () -> second.cooldownLeft().orElseThrow().compareTo(Duration.ofSeconds(9)) > 0);
        assertTrue(pttl() > 8_000, "not shortened to 2s: " + pttl());
        assertEquals(1L, second.counters().get("gate.strikes"), "the same event, lengthened: no second strike");

        third.report(new Admission.Admitted(clock.instant()), Signal.throttled(Optional.of(Duration.ofSeconds(20))));
        Conditions.await("extended to 20s", () -> pttl() > 19_000);
        assertEquals("20000", redis.command("GET", COOLDOWN));
    }

    @Test
    void budget_threeServers_100TokensAtOnce_noWindowOfTSecondsHoldsMoreThan5Plus5T() {
        List<RedisBudget> servers = List.of(new RedisBudget(link(), five), new RedisBudget(link(), five),
                new RedisBudget(link(), five));

        List<Future<RedisBudget.Grant>> grants = IntStream.range(0, 100)
                .mapToObj(i -> servers.get(i % 3).take(Duration.ZERO, Duration.ofSeconds(60))).toList();
        Await.result(Future.all(grants));

        List<Long> sendAt = new ArrayList<>();
        for (Future<RedisBudget.Grant> grant : grants) {
            assertInstanceOf(Take.Granted.class, grant.result().take());
            sendAt.add(grant.result().sendAtMicros());
        }
        sendAt.sort(null);
        ThrottleLocalBucketTest.assertWindowBound(sendAt, 5, 5);
        assertTrue(sendAt.getLast() - sendAt.getFirst() >= 95 * 200_000L, "95 tokens after the burst take 19s");
        long atOnce = grants.stream().filter(g -> ((Take.Granted) g.result().take()).after().isZero()).count();
        assertTrue(atOnce <= 6, "the burst of 5 (and one more if 200ms passed): " + atOnce);
    }

    @Test
    void budget_tooLateToken_isRefusedBudget_andNotReserved() {
        UpstreamThrottle server = server(five);
        for (int i = 0; i < 5; i++) {
            assertInstanceOf(Verdict.Go.class, Await.result(server.reserve(Duration.ZERO)));
        }
        String arrival = redis.command("GET", BUDGET);

        Verdict.No refused = assertInstanceOf(Verdict.No.class, Await.result(server.reserve(Duration.ofMillis(50))));

        assertEquals(Refusal.BUDGET, refused.refused().why());
        Duration wait = refused.refused().retryAfter();
        assertTrue(wait.compareTo(Duration.ofMillis(50)) > 0 && wait.compareTo(Duration.ofMillis(200)) <= 0,
                wait.toString());
        assertEquals(arrival, redis.command("GET", BUDGET), "nothing reserved");
        Verdict.Go next = assertInstanceOf(Verdict.Go.class, Await.result(server.reserve(Duration.ofSeconds(1))));
        assertTrue(next.after().compareTo(wait) <= 0, "the next caller gets the token the refused one left: " + next);
        assertEquals(6L, server.counters().get("gate.budget.tokens_taken"));
        assertEquals(1L, server.counters().get("gate.refused.budget"));
        assertEquals(0L, server.counters().get("gate.budget.local_fallbacks"));
        assertEquals(305L, server.counters().get("gate.budget.available_per_minute"), "5/s x 60 + 5");
        assertEquals(5_000L, server.counters().get("gate.budget.fleet_rate_millitokens"), "the fleet's 5/s");
    }

    @Test
    void redisDown_theLocalBucketDecides_onTheLocalClock_andEachFallbackIsCounted() {
        UpstreamThrottle server = server(ThrottleConfig.defaults().withFleet(100, 100).withLocal(1, 2));
        redis.kill();

        List<Verdict> verdicts = List.of(Await.result(server.reserve(Duration.ZERO)),
                Await.result(server.reserve(Duration.ZERO)), Await.result(server.reserve(Duration.ZERO)));

        assertEquals(List.of(new Verdict.Go(Duration.ZERO), new Verdict.Go(Duration.ZERO),
                new Verdict.No(new Admission.Refused(Refusal.BUDGET, Duration.ofSeconds(1)))), verdicts);
        assertEquals(3L, server.counters().get("gate.budget.local_fallbacks"));
        assertEquals(62L, server.counters().get("gate.budget.available_per_minute"),
                "the breaker is open: the local 1/s x 60 + 2");
        assertEquals(100_000L, server.counters().get("gate.budget.fleet_rate_millitokens"),
                "still the fleet's 100/s: each server's local share adds up to it");
    }

    @Test
    void admit_withAWait_completesOnATimer_withTheSendTime() {
        UpstreamThrottle server = server(ThrottleConfig.defaults().withRate(20, 1));
        Await.result(server.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO));

        Admission second = Await.result(server.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ofSeconds(1)));

        assertEquals(new Admission.Admitted(clock.instant()), second, "sent after a ~50ms timer");
        assertEquals(2L, server.counters().get("gate.admitted"));
    }
}
