package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.coalescing.refresh.ScheduleHarness.FAILURES;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Conditions;

/**
 * Refreshers on one real Redis, driven tick by tick on the test clock (a tick every 5 s of it, twelve per interval):
 * each refresher is a process of its own (its own link), and one more schedule plays the API server registering names.
 */
class RefresherTest {

    static final Duration INTERVAL = Duration.ofSeconds(60);
    static final Duration TICK = Duration.ofSeconds(5);
    static final List<String> NAMES = ScheduleHarness.names(12);

    final ScheduleHarness harness = new ScheduleHarness(RefreshConfig.defaults().withWorker(4, 4)
            .withStopGrace(Duration.ZERO));
    final Instant start = harness.clock.instant();
    final Schedule api = harness.schedule();

    @AfterEach
    void close() {
        harness.close();
    }

    /** One refresher process: its schedule (own link), its refresh calls, the worker. */
    record Process(Schedule schedule, RecordingRefresh refresh, Refresher refresher) {}

    Process process() {
        Schedule schedule = harness.schedule();
        RecordingRefresh refresh = new RecordingRefresh(harness.clock, schedule);
        return new Process(schedule, refresh, harness.refresher(schedule, refresh));
    }

    /** Every process ticks at the same moment; then the clock moves one tick on. */
    void tick(List<Process> processes) {
        Await.result(Future.all(processes.stream().map(p -> p.refresher().tick()).toList()));
        harness.clock.advance(TICK);
    }

    void ticks(int count, List<Process> processes) {
        for (int i = 0; i < count; i++) {
            tick(processes);
        }
    }

    /** Refreshes of each name in each interval since the start, over every process's calls. */
    Map<String, Map<Long, Long>> perInterval(List<Process> processes) {
        Map<String, Map<Long, Long>> counts = new HashMap<>();
        processes.stream().flatMap(p -> p.refresh().calls().stream()).forEach(call ->
                counts.computeIfAbsent(call.name(), name -> new HashMap<>())
                        .merge(Duration.between(start, call.at()).dividedBy(INTERVAL), 1L, Long::sum));
        return counts;
    }

    void assertEachNameOncePerInterval(List<Process> processes, int intervals) {
        Map<String, Map<Long, Long>> counts = perInterval(processes);
        assertEquals(Set.copyOf(NAMES), counts.keySet());
        counts.forEach((name, byInterval) -> {
            long total = byInterval.values().stream().mapToLong(Long::longValue).sum();
            assertTrue(Math.abs(total - intervals) <= 1, name + " refreshed " + total + " times: " + byInterval);
            byInterval.forEach((interval, times) ->
                    assertEquals(1L, times, name + " twice in interval " + interval + ": " + byInterval));
        });
    }

    @Test
    void twoRefreshers_tenIntervals_everyNameRefreshedTenTimes_neverTwiceInOneInterval() {
        Await.result(api.register(NAMES));
        List<Process> both = List.of(process(), process());

        ticks(10 * 12, both);

        assertEachNameOncePerInterval(both, 10);
        assertEquals(120L, both.stream().mapToLong(p -> p.refresh().calls().size()).sum());
        both.forEach(p -> assertTrue(p.refresh().calls().size() >= 30, "each did a share of the work: "
                + p.refresh().calls().size()));
        assertEquals(120L, both.stream().mapToLong(p -> p.refresher().counters().get("refresh.outcome.refreshed")).sum());
        assertEquals(0L, both.stream().mapToLong(p -> p.refresher().counters().get("refresh.skipped_recent")).sum(),
                "their own loads are an interval old when the names come due again");
    }

    @Test
    void stoppingOneRefresher_leavesTheOtherDoingAllTheWork() {
        Await.result(api.register(NAMES));
        Process stopped = process();
        Process survivor = process();
        ticks(3 * 12, List.of(stopped, survivor));
        Await.result(stopped.refresher().stop());
        int doneBeforeStop = stopped.refresh().calls().size();

        ticks(7 * 12, List.of(stopped, survivor));

        assertEachNameOncePerInterval(List.of(stopped, survivor), 10);
        assertEquals(doneBeforeStop, stopped.refresh().calls().size(), "a stopped refresher claims nothing");
        Set<String> lateNames = survivor.refresh().calls().stream()
                .filter(call -> !call.at().isBefore(start.plus(INTERVAL.multipliedBy(3))))
                .map(RecordingRefresh.Call::name).collect(Collectors.toSet());
        assertEquals(Set.copyOf(NAMES), lateNames);
    }

    @Test
    void stop_handsNamesInFlightBack_dueNow_andTheOtherRefresherTakesThemAtOnce() {
        Await.result(api.register(NAMES.subList(0, 4)));
        Process stopping = process();
        Process other = process();
        stopping.refresh().hangAll();
        Future<Refresher.Round> hung = stopping.refresher().tick();
        Conditions.await("the first holds all four", () -> stopping.refresh().calls().size() == 4);
        Await.result(other.refresher().tick());
        assertEquals(0, other.refresh().calls().size(), "all four held by the first");

        Await.result(stopping.refresher().stop());
        Await.result(hung);

        NAMES.subList(0, 4).forEach(name -> assertEquals(harness.clock.instant(), harness.due(name)));
        assertEquals(4L, stopping.refresher().counters().get("refresh.abandoned"));
        Await.result(other.refresher().tick());
        assertEquals(4, other.refresh().calls().size(), "taken at the same instant");
        stopping.refresh().release(NAMES.get(0), RefreshOutcome.refreshed());
        assertEquals(harness.clock.instant().plus(INTERVAL), harness.due(NAMES.get(0)),
                "the first refresher's late answer moves nothing");
    }

    @Test
    void crashedRefresher_itsNamesComeBackWhenTheirClaimsLapse() {
        Await.result(api.register(NAMES.subList(0, 4)));
        Process crashed = process();
        Process other = process();
        crashed.refresh().hangAll();
        crashed.refresher().tick(); // never answers, never stops: a process that died mid-refresh
        Conditions.await("the crashed one holds all four",
                () -> crashed.refresher().counters().get("refresh.in_flight") == 4);
        Await.result(other.refresher().tick());

        harness.clock.advance(Duration.ofSeconds(29));
        Await.result(other.refresher().tick());
        assertEquals(0, other.refresh().calls().size());
        harness.clock.advance(Duration.ofSeconds(1));
        Await.result(other.refresher().tick());

        assertEquals(4, other.refresh().calls().size());
        assertEquals(4L, other.refresher().counters().get("refresh.outcome.refreshed"));
    }

    @Test
    void refreshed_isDueAnIntervalAfterItWasDue_notAfterItsLoadEnded() {
        Await.result(api.register(List.of("durov", "slow_channel")));
        Process process = process();
        process.refresh().hangAll();
        Future<Refresher.Round> round = process.refresher().tick();
        Conditions.await("both refreshes started", () -> process.refresh().calls().size() == 2);
        harness.clock.advance(Duration.ofSeconds(20)); // the loads take 20 s
        process.refresh().release("durov", RefreshOutcome.refreshed());
        harness.clock.advance(Duration.ofSeconds(50)); // and one of them longer than the interval
        process.refresh().release("slow_channel", RefreshOutcome.refreshed());
        Await.result(round);
        Conditions.await("both rescheduled", () -> process.refresher().counters().get("refresh.in_flight") == 0);

        assertEquals(start.plus(INTERVAL), harness.due("durov"), "every interval, however long the load: no drift");
        assertEquals(start.plus(Duration.ofSeconds(100)), harness.due("slow_channel"),
                "half an interval after its end: the claim skips a name loaded since");
    }

    @Test
    void throttled_movesTheDueTimeToUpstreamsTime_failuresUntouched() {
        Await.result(api.register(List.of("durov")));
        Process process = process();
        Instant until = start.plus(Duration.ofMinutes(7)).plusMillis(123);
        process.refresh().answer("durov", RefreshOutcome.throttledUntil(until));

        Await.result(process.refresher().tick());

        assertEquals(until, harness.due("durov"));
        assertNull(harness.field(FAILURES, "durov"));
        assertEquals(1L, process.refresher().counters().get("refresh.outcome.throttled"));
    }

    @Test
    void failing_backsOffExponentially_boundedByBackoffMax_andASuccessResetsIt() {
        Await.result(api.register(List.of("flaky")));
        Process process = process();
        process.refresh().answer("flaky", RefreshOutcome.failed("503"));
        Duration[] expected = {INTERVAL, INTERVAL.multipliedBy(2), INTERVAL.multipliedBy(4), INTERVAL.multipliedBy(8),
                INTERVAL.multipliedBy(16), INTERVAL.multipliedBy(30), INTERVAL.multipliedBy(30)};

        for (Duration wait : expected) {
            Await.result(api.register(List.of("flaky"))); // a reader keeps asking, so it is not dropped as idle
            Instant now = harness.clock.instant();
            Await.result(process.refresher().tick());
            assertEquals(now.plus(wait), harness.due("flaky"));
            harness.clock.set(now.plus(wait));
        }
        assertEquals("7", harness.field(FAILURES, "flaky"));
        process.refresh().answer("flaky", RefreshOutcome.refreshed());
        Await.result(process.refresher().tick());
        assertNull(harness.field(FAILURES, "flaky"));
        assertEquals(harness.clock.instant().plus(INTERVAL), harness.due("flaky"));
    }

    @Test
    void gone_dropsTheName_untilAReaderAsksAgain() {
        Await.result(api.register(List.of("durov", "deleted_channel")));
        Process process = process();
        process.refresh().answer("deleted_channel", RefreshOutcome.gone());

        Await.result(process.refresher().tick());
        ticks(24, List.of(process));

        assertEquals(1L, process.refresh().callsOf("deleted_channel"));
        assertNull(harness.due("deleted_channel"));
        assertEquals(1L, harness.scheduled());
        assertEquals(1L, process.refresher().counters().get("refresh.outcome.gone"));
    }

    @Test
    void idleNames_drop_whileNamesStillAskedFor_stay() {
        Await.result(api.register(List.of("durov", "forgotten")));
        Process process = process();
        for (int minute = 0; minute < 70; minute++) {
            if (minute % 5 == 0) {
                Await.result(api.register(List.of("durov"))); // a feed that keeps asking
            }
            ticks(12, List.of(process));
        }

        assertNull(harness.due("forgotten"));
        assertEquals(1L, process.refresher().counters().get("refresh.dropped_idle"));
        // Asked for at minute 0, refreshed each minute until a claim finds it asked more than REFRESH_IDLE (1h)
        // and askedEvery (5 min) ago: at minutes 0 to 65.
        assertEquals(66L, process.refresh().callsOf("forgotten"), "refreshed each minute for REFRESH_IDLE + askedEvery");
        assertEquals(70L, process.refresh().callsOf("durov"));
    }

    @Test
    void metrics_dueQueueDepthAndLag() {
        Await.result(api.register(ScheduleHarness.names(10)));
        harness.clock.advance(Duration.ofSeconds(10));
        Process process = process();

        Await.result(process.refresher().tick());

        Map<String, Long> counters = process.refresher().counters();
        assertEquals(6L, counters.get("refresh.due"), "10 due, 4 claimed");
        assertEquals(10L, counters.get("refresh.scheduled"));
        assertEquals(4L, counters.get("refresh.claimed"));
        long p99 = counters.get("refresh.lag.p99_ms");
        assertTrue(p99 >= 10_000 && p99 <= 10_100, "due 10 s ago, within the histogram's 1%: " + p99);
        assertEquals(0L, counters.get("refresh.in_flight"));
    }
}
