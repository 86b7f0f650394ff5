package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.coalescing.refresh.ScheduleHarness.ASKED;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

/**
 * Redis restarted empty under a process that registered names: {@link Schedule#restore} puts them back at once, where
 * before the schedule stayed empty until each name was asked for again {@code askedEvery} (5 min) later. On a real
 * redis-server and the test's clock.
 */
class ScheduleRestoreTest {

    final ScheduleHarness harness = new ScheduleHarness(RefreshConfig.defaults());
    final Schedule schedule = harness.schedule();
    final Instant start = harness.clock.instant();

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void restore_afterRedisRestartedEmpty_putsBackEveryRegisteredNameAtOnce() {
        Await.result(schedule.register(List.of("durov", "meduzalive")));
        harness.clock.advance(Duration.ofMinutes(1));

        harness.redis.restart();
        Await.result(schedule.register(List.of("durov"))); // within askedEvery: not sent, as before
        assertNull(harness.due("durov"), "the wiped schedule is still empty");
        Await.result(schedule.restore());

        Instant now = harness.clock.instant();
        assertEquals(now, harness.due("durov"), "due at once");
        assertEquals(now, harness.due("meduzalive"));
        assertEquals(String.valueOf(start.toEpochMilli()), harness.redis.command("ZSCORE", ASKED, "durov"),
                "asked when it was asked: restoring does not keep a name nobody asks for alive longer");
        assertEquals(2L, schedule.counters().get("refresh.restored"));
        assertEquals(List.of(new Claimed("durov", now, 0, "a"), new Claimed("meduzalive", now, 0, "a")),
                Await.result(schedule.claim(10, "a")).claimed().stream()
                        .sorted(java.util.Comparator.comparing(Claimed::name)).toList());
    }

    @Test
    void restore_leavesOutNamesAlreadyIdle() {
        Await.result(schedule.register(List.of("gone")));
        harness.clock.advance(RefreshConfig.defaults().idle().plus(RefreshConfig.defaults().askedEvery())
                .plusSeconds(1));
        Await.result(schedule.register(List.of("durov")));

        harness.redis.restart();
        Await.result(schedule.restore());

        assertEquals(harness.clock.instant(), harness.due("durov"));
        assertNull(harness.due("gone"), "nobody asked for it for REFRESH_IDLE: the schedule would have dropped it");
        assertEquals(1L, schedule.counters().get("refresh.restored"));
    }

    @Test
    void restore_thatCouldNotReachRedis_leavesTheNextAskToSendAtOnce() {
        Await.result(schedule.register(List.of("durov")));
        harness.clock.advance(Duration.ofMinutes(1));

        harness.redis.kill();
        Await.result(schedule.restore());
        harness.redis.restart();
        Await.result(schedule.register(List.of("durov")));

        assertEquals(harness.clock.instant(), harness.due("durov"), "forgotten as sent: the next ask sends it");
        assertEquals(0L, schedule.counters().get("refresh.restored"));
    }
}
