package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.coalescing.refresh.ScheduleHarness.DEPTHS;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

/**
 * A name registered with a depth ({@link Schedule#register(java.util.Collection, int)}) is claimed with the deepest
 * depth asked for within the idle period, passed to the {@link Refresh}; a depth nobody asked for that long stops
 * holding, and forgetting a name forgets its depth.
 */
class ScheduleDepthTest {

    final ScheduleHarness harness = new ScheduleHarness(RefreshConfig.defaults());
    final Schedule schedule = harness.schedule();
    final Instant start = harness.clock.instant();

    @AfterEach
    void stop() {
        harness.close();
    }

    Map<String, Integer> claimedDepths() {
        return Await.result(schedule.claim(10, "a")).claimed().stream()
                .collect(Collectors.toMap(Claimed::name, Claimed::depth));
    }

    @Test
    void claim_carriesTheDeepestDepthAsked_andOneForANameAskedAlone() {
        Await.result(schedule.register(List.of("durov", "meduzalive"), 3));
        Await.result(schedule.register(List.of("durov"), 2));
        Await.result(schedule.register(List.of("topwar_official")));

        assertEquals(Map.of("durov", 3, "meduzalive", 3, "topwar_official", 1), claimedDepths());
        assertEquals("3:" + start.toEpochMilli(), harness.field(DEPTHS, "durov"), "the shallower ask changed nothing");
        assertNull(harness.field(DEPTHS, "topwar_official"));
    }

    @Test
    void aDeeperAsk_raisesTheDepth() {
        Await.result(schedule.register(List.of("durov"), 2));
        Await.result(schedule.register(List.of("durov"), 4));

        assertEquals(Map.of("durov", 4), claimedDepths());
    }

    @Test
    void aDepthNobodyAskedForSinceTheIdlePeriod_stopsHolding_whileTheNameIsStillAskedFor() {
        Await.result(schedule.register(List.of("durov"), 3));
        // The name alone stays asked for every askedEvery; its depth of 3 is not asked again.
        Duration idle = harness.config.idle().plus(harness.config.askedEvery());
        for (Duration passed = Duration.ZERO; passed.compareTo(idle) <= 0; passed = passed.plus(harness.config.askedEvery())) {
            Await.result(schedule.register(List.of("durov")));
            harness.clock.advance(harness.config.askedEvery());
        }

        assertEquals(Map.of("durov", 1), claimedDepths());
        assertNull(harness.field(DEPTHS, "durov"), "dropped on the way");
    }

    @Test
    void aRefresherPassesTheClaimedDepth_andDroppingTheNameForgetsIt() {
        RecordingRefresh refresh = new RecordingRefresh(harness.clock, schedule);
        Refresher refresher = harness.refresher(schedule, refresh);
        Await.result(schedule.register(List.of("durov"), 3));

        Await.result(refresher.tick());

        assertEquals(3, refresh.depthOf("durov"));
        refresh.answer("durov", new RefreshOutcome.Gone());
        harness.clock.advance(harness.config.interval());
        Await.result(refresher.tick());
        assertNull(harness.due("durov"), "gone: dropped");
        assertNull(harness.field(DEPTHS, "durov"), "with its depth");
    }
}
