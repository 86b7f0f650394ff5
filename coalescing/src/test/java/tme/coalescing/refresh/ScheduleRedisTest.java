package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.coalescing.refresh.ScheduleHarness.ASKED;
import static tme.coalescing.refresh.ScheduleHarness.CLAIMS;
import static tme.coalescing.refresh.ScheduleHarness.FAILURES;
import static tme.coalescing.refresh.ScheduleHarness.LOADED;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

/** The schedule's scripts against a real redis-server, through {@link RedisSchedule}. */
class ScheduleRedisTest {

    final ScheduleHarness harness = new ScheduleHarness(RefreshConfig.defaults());
    final Schedule schedule = harness.schedule();
    final Instant start = harness.clock.instant();

    @AfterEach
    void stop() {
        harness.close();
    }

    Claims claim(Schedule on, int limit, String token) {
        return Await.result(on.claim(limit, token));
    }

    static Set<String> names(Claims claims) {
        Set<String> names = new HashSet<>();
        claims.claimed().forEach(claimed -> names.add(claimed.name()));
        return names;
    }

    @Test
    void register_newNameIsDueNow_andAskingAgainKeepsItsDueTime() {
        Await.result(schedule.register(List.of("durov")));
        assertEquals(start, harness.due("durov"));

        Claims claims = claim(schedule, 10, "a");
        assertEquals(List.of(new Claimed("durov", start, 0, "a")), claims.claimed());
        harness.clock.advance(Duration.ofMinutes(6));
        Await.result(schedule.register(List.of("durov")));

        assertEquals(start.plus(Duration.ofSeconds(30)), harness.due("durov"), "still claimed until then");
        assertEquals(String.valueOf(harness.clock.instant().toEpochMilli()), harness.redis.command("ZSCORE", ASKED, "durov"));
        assertEquals(1L, schedule.counters().get("refresh.registered"), "new once");
        assertEquals(2L, schedule.counters().get("refresh.asked"));
    }

    @Test
    void register_sameNamesWithinAskedEvery_areSentOnce() {
        Await.result(schedule.register(List.of("durov", "meduzalive", "durov")));
        long evals = harness.redis.calls("eval");

        harness.clock.advance(Duration.ofMinutes(4));
        Await.result(schedule.register(List.of("meduzalive", "durov")));

        assertEquals(evals, harness.redis.calls("eval"), "a twelfth of REFRESH_IDLE has not passed");
        harness.clock.advance(Duration.ofMinutes(1));
        Await.result(schedule.register(List.of("durov")));
        assertEquals(evals + 1, harness.redis.calls("eval"));
    }

    @Test
    void claim_twoWorkersAtOnce_neverShareAName_andTheRestStaysDue() {
        Await.result(schedule.register(ScheduleHarness.names(50)));
        Schedule other = harness.schedule();

        Future<Claims> first = schedule.claim(20, "first");
        Future<Claims> second = other.claim(20, "second");
        Await.result(Future.all(first, second));

        Set<String> both = new HashSet<>(names(first.result()));
        both.retainAll(names(second.result()));
        assertEquals(Set.of(), both);
        assertEquals(20, first.result().claimed().size());
        assertEquals(20, second.result().claimed().size());
        assertEquals(10L, Math.min(first.result().backlog(), second.result().backlog()), "10 left due, unclaimed");
        assertEquals(50L, first.result().scheduled());
        assertEquals("first", harness.field(CLAIMS, first.result().claimed().getFirst().name()));
    }

    @Test
    void claim_nameLoadedWithinHalfAnInterval_isSkipped_andDueAnIntervalAfterThatLoad() {
        Await.result(schedule.register(List.of("durov", "meduzalive")));
        harness.clock.advance(Duration.ofSeconds(5));
        Await.result(schedule.loaded("durov"));
        Instant loadedAt = harness.clock.instant();
        harness.clock.advance(Duration.ofSeconds(29));

        Claims claims = claim(schedule, 10, "a");

        assertEquals(Set.of("meduzalive"), names(claims));
        assertEquals(1, claims.skipped());
        assertEquals(loadedAt.plus(Duration.ofSeconds(60)), harness.due("durov"));
    }

    @Test
    void claim_nameLoadedLongerAgoThanHalfAnInterval_isClaimed() {
        Await.result(schedule.register(List.of("durov")));
        Await.result(schedule.loaded("durov"));
        harness.clock.advance(Duration.ofSeconds(30));

        assertEquals(Set.of("durov"), names(claim(schedule, 10, "a")));
    }

    @Test
    void claim_lapsed_comesBackToAnother_andTheOldHolderCannotMoveIt() {
        Await.result(schedule.register(List.of("durov")));
        Claimed old = claim(schedule, 10, "crashed").claimed().getFirst();
        harness.clock.advance(Duration.ofSeconds(29));
        assertEquals(List.of(), claim(schedule, 10, "b").claimed(), "held for REFRESH_CLAIM_FOR");

        harness.clock.advance(Duration.ofSeconds(1));
        Claimed taken = claim(schedule, 10, "b").claimed().getFirst();
        Instant heldUntil = harness.due("durov");

        assertFalse(Await.result(schedule.finish(old, new Next.At(harness.clock.instant().plus(Duration.ofHours(1)), 0))));
        assertEquals(heldUntil, harness.due("durov"));
        assertTrue(Await.result(schedule.finish(taken, new Next.At(harness.clock.instant().plus(Duration.ofMinutes(1)), 2))));
        assertEquals(harness.clock.instant().plus(Duration.ofMinutes(1)), harness.due("durov"));
        assertEquals("2", harness.field(FAILURES, "durov"));
        assertNull(harness.field(CLAIMS, "durov"));
    }

    @Test
    void claim_nameNobodyAskedForSinceRefreshIdle_isDroppedFromEveryKey() {
        Await.result(schedule.register(List.of("durov", "meduzalive")));
        Await.result(schedule.loaded("durov"));
        harness.clock.advance(Duration.ofMinutes(30));
        Await.result(schedule.register(List.of("meduzalive")));
        harness.clock.advance(Duration.ofMinutes(35).plusMillis(1)); // REFRESH_IDLE + askedEvery after durov's ask

        Claims claims = claim(schedule, 10, "a");

        assertEquals(1, claims.dropped());
        assertEquals(Set.of("meduzalive"), names(claims));
        assertNull(harness.due("durov"));
        assertNull(harness.redis.command("ZSCORE", ASKED, "durov"));
        assertNull(harness.field(LOADED, "durov"));
    }

    @Test
    void finish_drop_removesTheNameFromEveryKey() {
        Await.result(schedule.register(List.of("gone_channel")));
        Claimed claimed = claim(schedule, 10, "a").claimed().getFirst();

        assertTrue(Await.result(schedule.finish(claimed, new Next.Drop())));

        assertEquals(0L, harness.scheduled());
        assertNull(harness.redis.command("ZSCORE", ASKED, "gone_channel"));
    }

    @Test
    void loaded_nameNobodyRegistered_leavesNothingBehind() {
        Await.result(schedule.loaded("durov"));

        assertEquals("0", harness.redis.command("HLEN", LOADED));
    }

    @Test
    void redisDown_registrationIsLostAndCounted_claimsClaimNothing_andTheNextAskSendsAgain() {
        harness.redis.kill();

        Await.result(schedule.register(List.of("durov")));
        Claims claims = claim(schedule, 10, "a");

        assertFalse(claims.reached());
        assertEquals(List.of(), claims.claimed());
        assertEquals(1L, schedule.counters().get("refresh.redis.unreached_writes"));
        harness.redis.restart();
        Await.result(schedule.register(List.of("durov")));
        assertEquals(start, harness.due("durov"), "not deduped: the lost registration is sent again");
    }
}
