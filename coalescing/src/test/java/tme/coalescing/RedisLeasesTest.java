package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.CacheConfig;
import tme.cache.L2;
import tme.cache.Stored;
import tme.cache.TwoLevelCache;
import tme.cache.testing.Await;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/** The lease protocol against a real redis-server: one script round trip per claim, token-checked finish. */
class RedisLeasesTest {

    static final String KEY = "tme:v1:full:body:durov:0";
    static final String LEASE = "{tme:v1:full:body:durov:0}:lease";

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final Vertx vertx = Vertx.vertx();
    final CacheConfig config = CacheConfig.defaults().withRedis(redis.url()).withRedisTimeout(Duration.ofSeconds(2));
    final RedisLink link = RedisLink.create(vertx, config.redis().orElseThrow(), clock);
    final TwoLevelCache cache = TwoLevelCache.create(config, clock, L2.redis(link, clock, config.staleness()));

    @AfterEach
    void stop() {
        Await.result(vertx.close());
        redis.close();
    }

    Leases leases(LeaseTimes times) {
        return Leases.redis(link, vertx, clock, times, config.staleness());
    }

    Leases leases() {
        return leases(LeaseTimes.defaults());
    }

    Stored cached(String json, Duration freshFor) {
        Stored value = Stored.of(json.getBytes(StandardCharsets.UTF_8), 3, clock.instant(), freshFor);
        Await.result(cache.put(KEY, value));
        return value;
    }

    @Test
    void claim_onAnEmptyKey_isOurs_andTheLeaseHoldsOurTokenForThreeSeconds() {
        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));

        assertEquals(KEY, ours.key());
        assertEquals(Optional.empty(), ours.cached());
        assertEquals("L" + ours.token(), redis.command("GET", LEASE));
        long pttl = Long.parseLong(redis.command("PTTL", LEASE));
        assertTrue(pttl > 2_000 && pttl <= 3_000, "lease PTTL " + pttl);
        assertEquals(1, redis.calls("eval"));
    }

    @Test
    void claim_whileAnotherProcessHolds_isHeld() {
        Await.result(leases().claim(KEY, false));

        Claim second = Await.result(leases().claim(KEY, false));

        assertEquals(new Claim.Held(Optional.empty()), second);
    }

    @Test
    void claim_withAValueCached_answersItInTheSameRoundTrip_andTakesNoLease() {
        Stored value = cached("{\"v\":1}", Duration.ofSeconds(60));
        clock.advance(Duration.ofSeconds(20));

        Claim.Cached found = assertInstanceOf(Claim.Cached.class, Await.result(leases().claim(KEY, false)));

        assertEquals(value, found.copy().value());
        assertEquals(3, found.copy().value().kind());
        assertEquals(Duration.ofSeconds(40), found.copy().timeLeft()); // the stored freshness is the shorter
        assertEquals("0", redis.command("EXISTS", LEASE));
        assertEquals(1, redis.calls("eval"));
    }

    @Test
    void claim_insisting_takesTheLeaseAlthoughAValueIsCached_andReportsTheValue() {
        Stored value = cached("{\"v\":1}", Duration.ofSeconds(60));

        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, true)));

        assertEquals(value, ours.cached().orElseThrow().value());
        assertEquals("L" + ours.token(), redis.command("GET", LEASE));
    }

    @Test
    void claim_staleValue_isNotCached_theLeaseIsTaken_andTheStaleCopyReportedInOneRoundTrip() {
        Stored value = cached("{\"v\":1}", Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(12)); // Redis still keeps it: PX covers freshness and the keep window

        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));

        Claim.Copy stale = ours.cached().orElseThrow();
        assertEquals(value, stale.value());
        assertEquals(Duration.ofSeconds(-2), stale.timeLeft());
        assertEquals("L" + ours.token(), redis.command("GET", LEASE));
        assertEquals(1, redis.calls("eval"), "the script judged freshness itself");
    }

    @Test
    void claim_valuePastItsKeepWindowByOurClock_countsAsAbsent_andTheLeaseIsTaken() {
        cached("{\"v\":1}", Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(10).plus(config.staleness().keepFor(Duration.ofSeconds(10))));

        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));

        assertEquals(Optional.empty(), ours.cached());
        assertEquals(1, redis.calls("eval"));
    }

    @Test
    void claim_unreadableValue_countsAsAbsent_andIsCountedInTheCacheCounters() {
        redis.command("SET", KEY, "written by something else");

        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));

        assertEquals(Optional.empty(), ours.cached());
        // The script cannot decode it either, so it is not fresh: one claim takes the lease.
        assertEquals(1L, cache.counters().get("redis.unreadable.values"));
        assertEquals(1, redis.calls("eval"));
    }

    @Test
    void release_deletesTheLease_onlyWhileItIsStillOurs() {
        Claim.Ours lapsed = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));
        redis.command("DEL", LEASE); // as if it lapsed
        Claim.Ours successor = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));

        Await.result(leases().release(lapsed));
        assertEquals("L" + successor.token(), redis.command("GET", LEASE));

        Await.result(leases().release(successor));
        assertEquals("0", redis.command("EXISTS", LEASE));
    }

    @Test
    void fail_leavesTheErrorInTheLeaseForTwoSeconds_forWaitersAndNewcomers() {
        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases().claim(KEY, false)));
        byte[] notFound = "not_found".getBytes(StandardCharsets.UTF_8);

        Await.result(leases().fail(ours, notFound));

        Claim.Failed failed = assertInstanceOf(Claim.Failed.class, Await.result(leases().claim(KEY, false)));
        assertArrayEquals(notFound, failed.error());
        long pttl = Long.parseLong(redis.command("PTTL", LEASE));
        assertTrue(pttl > 1_000 && pttl <= 2_000, "error PTTL " + pttl);
    }

    @Test
    void keepAlive_renewsTheLeasePastItsLifetimeWhileWorkRuns_thenLetsItLapse() {
        LeaseTimes quick = new LeaseTimes(Duration.ofMillis(300), Duration.ofMillis(100), Duration.ofSeconds(2));
        Leases leases = leases(quick);
        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases.claim(KEY, false)));
        Promise<Void> work = Promise.promise();

        leases.keepAlive(ours, work.future());
        // One claim, then six renewals: 600ms, twice the lifetime, and the lease is still ours.
        Conditions.await("six renewals", () -> redis.calls("eval") >= 7);
        assertEquals("L" + ours.token(), redis.command("GET", LEASE));

        work.complete();
        Conditions.await("the lease lapses once renewals stop", () -> "0".equals(redis.command("EXISTS", LEASE)));
        assertEquals(0L, leases.counters().get("coalescing.lease.lost"));
    }

    @Test
    void keepAlive_findingTheLeaseTaken_countsItLostAndTellsTheHolder() {
        LeaseTimes quick = new LeaseTimes(Duration.ofMillis(300), Duration.ofMillis(100), Duration.ofSeconds(2));
        Leases leases = leases(quick);
        Claim.Ours ours = assertInstanceOf(Claim.Ours.class, Await.result(leases.claim(KEY, false)));
        redis.command("SET", LEASE, "Lsomeone-else");

        AtomicInteger told = new AtomicInteger();
        leases.keepAlive(ours, Promise.<Void>promise().future(), told::incrementAndGet);

        Conditions.await("a renewal finds the lease lost", () -> leases.counters().get("coalescing.lease.lost") > 0
                && told.get() > 0);
        assertEquals("Lsomeone-else", redis.command("GET", LEASE));
    }

    @Test
    void claim_redisDown_isUnavailable() {
        redis.kill();

        Claim claim = Await.result(leases().claim(KEY, false));

        assertEquals(new Claim.Unavailable("ERROR"), claim);
    }
}
