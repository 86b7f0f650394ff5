package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Conditions;

/** The role as Main deploys it: ticking on its own timers, and undeployed (SIGTERM) with its names handed back. */
class RefresherVerticleTest {

    final ScheduleHarness harness = new ScheduleHarness(RefreshConfig.defaults().withStopGrace(Duration.ofMillis(50)));

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void deployed_refreshesOnItsOwnTimer_andUndeployHandsHeldNamesBack() {
        Schedule schedule = harness.schedule();
        Await.result(schedule.register(List.of("durov", "meduzalive")));
        RecordingRefresh refresh = new RecordingRefresh(harness.clock, schedule);
        refresh.answer("durov", RefreshOutcome.refreshed());
        Refresher refresher = harness.refresher(schedule, refresh);

        String id = Await.result(harness.vertx.deployVerticle(new RefresherVerticle(refresher)));
        Conditions.await("the first tick refreshed both", () -> refresh.calls().size() == 2);
        Conditions.await("and rescheduled them", () -> refresher.counters().get("refresh.in_flight") == 0);
        Await.result(harness.vertx.undeploy(id));

        assertEquals(harness.clock.instant().plus(Duration.ofSeconds(60)), harness.due("durov"));
        assertEquals(2L, refresher.counters().get("refresh.outcome.refreshed"));
        assertEquals(2L, refresher.counters().get("refresh.claimed"), "no tick after the undeploy claims");
    }

    @Test
    void undeploy_withARefreshHanging_waitsTheGrace_thenHandsItBackDueNow() {
        Schedule schedule = harness.schedule();
        Await.result(schedule.register(List.of("durov")));
        RecordingRefresh refresh = new RecordingRefresh(harness.clock, schedule);
        refresh.hangAll();
        Refresher refresher = harness.refresher(schedule, refresh);

        String id = Await.result(harness.vertx.deployVerticle(new RefresherVerticle(refresher)));
        Conditions.await("held", () -> refresh.calls().size() == 1);
        Await.result(harness.vertx.undeploy(id));

        assertEquals(harness.clock.instant(), harness.due("durov"));
        assertEquals(null, harness.field(ScheduleHarness.CLAIMS, "durov"));
        assertEquals(1L, refresher.counters().get("refresh.abandoned"));
    }
}
