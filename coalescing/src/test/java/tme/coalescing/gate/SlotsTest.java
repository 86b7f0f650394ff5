package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.coalescing.gate.SlotsHarness.awaitRefused;
import static tme.coalescing.gate.SlotsHarness.backgroundLoad;
import static tme.coalescing.gate.SlotsHarness.granted;
import static tme.coalescing.gate.SlotsHarness.refused;
import static tme.coalescing.gate.SlotsHarness.waiting;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.coalescing.Burst;
import tme.coalescing.LoadContext;

/** The bounded queue, deadlines, release, and the convenience {@code run}. */
class SlotsTest {

    SlotsHarness harness;

    @AfterEach
    void close() {
        harness.close();
    }

    /** Two slots held {@code held} on the test clock each, then given back: the mean hold is {@code held}. */
    void holdTwoSlotsFor(Duration held) {
        Slot a = granted(harness.user("warm-a", "warm"));
        Slot b = granted(harness.user("warm-b", "warm"));
        harness.clock.advance(held);
        a.release();
        b.release();
    }

    @Test
    void fullQueue_refusesTheSeventhReaderAtOnce_withRetryAfterFromQueueAndMeanHold() {
        harness = new SlotsHarness(2, 2);
        holdTwoSlotsFor(Duration.ofSeconds(3));
        List<Future<SlotGrant>> asked = List.of(harness.user("a", "a1"), harness.user("b", "b1"),
                harness.user("a", "a2"), harness.user("b", "b2"), harness.user("a", "a3"), harness.user("b", "b3"));
        waiting(asked.subList(2, 6));

        Future<SlotGrant> seventh = harness.user("a", "a4");

        // 4 waiting / 2 slots x 3s held
        assertEquals(new SlotGrant.Refused(Refusal.QUEUE_FULL, Duration.ofSeconds(6)), refused(seventh));
        assertEquals(Duration.ofSeconds(6), harness.slots.estimatedWait());
        assertEquals(1, harness.counter("gate.queue.shed"));
        assertEquals(3000, harness.counter("gate.slots.mean_hold_ms"));
        harness.assertGauges(2, 0, 4);
    }

    @Test
    void fullQueue_beforeAnySlotWasReleased_saysRetryAfterOneSecond() {
        harness = new SlotsHarness(1, 1);
        harness.user("a", "a1");
        harness.user("b", "b1");

        assertEquals(new SlotGrant.Refused(Refusal.QUEUE_FULL, Duration.ofSeconds(1)), refused(harness.user("c", "c1")));
        assertEquals(Duration.ZERO, harness.slots.estimatedWait());
    }

    @Test
    void retryAfter_roundsUpToWholeSeconds() {
        harness = new SlotsHarness(2, 1);
        holdTwoSlotsFor(Duration.ofMillis(1100));
        List.of("a", "b", "c", "d").forEach(flow -> harness.user(flow, flow));

        // 2 waiting / 2 slots x 1.1s
        assertEquals(Duration.ofSeconds(2), refused(harness.user("e", "e")).retryAfter());
        assertEquals(Duration.ofMillis(1100), harness.slots.estimatedWait());
    }

    @Test
    void zeroQueue_refusesWhoeverFindsNoFreeSlot() {
        harness = new SlotsHarness(1, 0);
        granted(harness.user("a", "a1"));

        assertEquals(Refusal.QUEUE_FULL, refused(harness.user("b", "b1")).why());
        assertEquals(Refusal.DROPPED, refused(harness.background("c", "c1")).why());
        assertEquals(List.of(1L, 1L), List.of(harness.counter("gate.queue.shed"), harness.counter("gate.queue.dropped")));
    }

    @Test
    void waiterWhoseDeadlinePasses_isTakenOutAndRefused_readerQueueFull_backgroundDropped() {
        harness = new SlotsHarness(1, 16);
        Slot held = granted(harness.user("a", "a1"));
        Future<SlotGrant> reader = harness.ask(LoadContext.user("k", Asker.of("b", "b")), Duration.ofMillis(5), "b1");
        Future<SlotGrant> refresh = harness.ask(backgroundLoad("c"), Duration.ofMillis(5), "c1");

        assertEquals(new SlotGrant.Refused(Refusal.QUEUE_FULL, Duration.ofSeconds(1)), awaitRefused(reader));
        assertEquals(Refusal.DROPPED, awaitRefused(refresh).why());
        assertEquals(2, harness.counter("gate.queue.deadline_passed"));
        harness.assertGauges(1, 0, 0);
        held.release();
        harness.assertGauges(0, 0, 0);
    }

    @Test
    void zeroDeadline_refusesAtOnceWhenNoSlotMayBeTaken_andGrantsOneThatMay() {
        harness = new SlotsHarness(2, 16); // one slot per flow
        granted(harness.user("a", "a1"));

        assertEquals(Refusal.QUEUE_FULL, refused(harness.ask(LoadContext.user("k", Asker.of("a", "a")), Duration.ZERO, "a2")).why());
        granted(harness.ask(LoadContext.user("k", Asker.of("b", "b")), Duration.ZERO, "b1"));
        assertEquals(1, harness.counter("gate.queue.deadline_passed"));
        harness.assertGauges(2, 0, 0);
    }

    @Test
    void grantedWaiter_isNotRefusedWhenItsDeadlineWouldHavePassed() {
        harness = new SlotsHarness(1, 16);
        Slot held = granted(harness.user("a", "a1"));
        // Deadlines run on real timers: the first one long enough that the release comes before it on busy cores.
        Future<SlotGrant> early = harness.ask(LoadContext.user("k", Asker.of("b", "b")), Duration.ofMillis(200), "b1");
        held.release();
        granted(early);
        // A later deadline, as a clock: when it has passed, so would the first one, had its timer stayed.
        Future<SlotGrant> later = harness.ask(LoadContext.user("k", Asker.of("c", "c")), Duration.ofMillis(500), "c1");

        awaitRefused(later);
        assertEquals(1, harness.counter("gate.queue.deadline_passed"));
        assertEquals(List.of("a1", "b1"), harness.grants);
    }

    @Test
    void readerLeavingAtItsDeadline_letsWaitingBackgroundHaveTheSlot() {
        harness = new SlotsHarness(4, 16);
        harness.users("a", 3);
        // Deadlines run on real timers: long enough that the refresh is queued behind the reader before it passes
        // (5 ms was not, on two busy cores), short enough to keep the test quick.
        Future<SlotGrant> capped = harness.ask(LoadContext.user("k", Asker.of("a", "a")), Duration.ofMillis(300), "a4");
        Future<SlotGrant> refresh = harness.background("x", "x1");
        waiting(refresh);

        awaitRefused(capped);

        assertInstanceOf(SlotGrant.Granted.class, Await.result(refresh));
        harness.assertGauges(4, 1, 0);
    }

    @Test
    void release_isIdempotent() {
        harness = new SlotsHarness(1, 16);
        Slot slot = granted(harness.user("a", "a1"));
        Future<SlotGrant> b1 = harness.user("b", "b1");
        Future<SlotGrant> c1 = harness.user("c", "c1");

        slot.release();
        slot.release();

        granted(b1);
        waiting(c1);
        harness.assertGauges(1, 0, 1);
        assertEquals(2, harness.counter("gate.slots.granted"));
    }

    @Test
    void run_answersTheCallsValue_andFreesTheSlotWhenTheCallCompletes() {
        harness = new SlotsHarness(1, 16);
        Promise<String> call = Promise.promise();
        Future<Passage<String>> first = harness.slots.run(LoadContext.user("k", Asker.of("a", "a")), SlotsHarness.NEVER, call::future);
        Future<Passage<String>> second = harness.slots.run(LoadContext.user("k", Asker.of("b", "b")), SlotsHarness.NEVER,
                () -> Future.succeededFuture("second page"));
        assertEquals(List.of(false, false), List.of(first.isComplete(), second.isComplete()));

        call.complete("first page");

        assertEquals(new Passage.Through<>("first page"), first.result());
        assertEquals(new Passage.Through<>("second page"), second.result());
        harness.assertGauges(0, 0, 0);
    }

    @Test
    void run_callThatFails_freesItsSlot_andFailsTheCaller() {
        harness = new SlotsHarness(1, 16);
        IllegalStateException boom = new IllegalStateException("upstream broke");

        Future<Passage<String>> failed = harness.slots.run(LoadContext.user("k", Asker.of("a", "a")), SlotsHarness.NEVER,
                () -> Future.failedFuture(boom));

        assertSame(boom, failed.cause());
        harness.assertGauges(0, 0, 0);
    }

    @Test
    void run_callThatThrows_freesItsSlot_andFailsTheCaller() {
        harness = new SlotsHarness(1, 16);
        IllegalArgumentException bug = new IllegalArgumentException("bug in the call");

        Future<Passage<String>> thrown = harness.slots.run(LoadContext.user("k", Asker.of("a", "a")), SlotsHarness.NEVER, () -> {
            throw bug;
        });

        assertSame(bug, thrown.cause());
        harness.assertGauges(0, 0, 0);
    }

    @Test
    void run_refused_neverCallsUpstream() {
        harness = new SlotsHarness(1, 0);
        granted(harness.user("a", "a1"));
        AtomicInteger calls = new AtomicInteger();

        Future<Passage<String>> refused = harness.slots.run(LoadContext.user("k", Asker.of("b", "b")), SlotsHarness.NEVER, () -> {
            calls.incrementAndGet();
            return Future.succeededFuture("never");
        });

        assertEquals(new Passage.Refused<String>(Refusal.QUEUE_FULL, Duration.ofSeconds(1)), refused.result());
        assertEquals(0, calls.get());
    }

    @Test
    void grantedCallerThatReleasesAtOnce_handsTheSlotDownAThousandWaitersWithoutDeepRecursion() {
        harness = new SlotsHarness(1, 2000);
        Slot held = granted(harness.user("a", "a0"));
        List<Future<SlotGrant>> waiters = IntStream.range(0, 1000)
                .mapToObj(i -> harness.slots.acquire(LoadContext.user("k", Asker.of("f" + i, "f" + i)), SlotsHarness.NEVER)
                        .onSuccess(grant -> ((SlotGrant.Granted) grant).slot().release()))
                .toList();

        held.release();

        waiters.forEach(SlotsHarness::granted);
        assertEquals(1001, harness.counter("gate.slots.granted"));
        harness.assertGauges(0, 0, 0);
    }

    @Test
    void waiterAskingFromAnEventLoop_isAnsweredOnThatEventLoop_whicheverThreadReleases() {
        harness = new SlotsHarness(1, 16);
        Slot held = granted(harness.user("a", "a1"));
        Context loop = harness.vertx.getOrCreateContext();
        Promise<Future<SlotGrant>> queued = Promise.promise();
        Promise<Boolean> answeredOnLoop = Promise.promise();
        loop.runOnContext(nothing -> queued.complete(harness.slots.acquire(LoadContext.user("k", Asker.of("b", "b")), SlotsHarness.NEVER)
                .onSuccess(grant -> answeredOnLoop.complete(Vertx.currentContext() == loop))));
        waiting(Await.result(queued.future()));

        held.release();

        assertTrue(Await.result(answeredOnLoop.future()));
    }

    @Test
    void burstFromEightThreads_neverHoldsMoreThanTheSlots_andEndsWithNothingHeldOrWaiting() {
        harness = new SlotsHarness(4, 256);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger flows = new AtomicInteger();

        List<Future<Passage<String>>> answers = Burst.fire(1000, () -> harness.slots.run(
                user("flow" + flows.incrementAndGet() % 7), SlotsHarness.NEVER, () -> {
                    most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    Promise<String> answer = Promise.promise();
                    harness.vertx.runOnContext(nothing -> {
                        inFlight.decrementAndGet();
                        answer.complete("ok");
                    });
                    return answer.future();
                }));

        long through = answers.stream().map(Await::result).filter(Passage.Through.class::isInstance).count();
        assertTrue(most.get() <= 4, "at most 4 in flight: " + most.get());
        assertEquals(through, harness.counter("gate.slots.granted"));
        assertEquals(1000, through + harness.counter("gate.queue.shed"));
        harness.assertGauges(0, 0, 0);
    }

    @Test
    void counters_nameEveryEventAndGauge() {
        harness = new SlotsHarness(2, 2);

        assertEquals(2L, harness.slots.counters().get("gate.slots.capacity"));
        assertEquals(Set.of("gate.slots.capacity", "gate.slots.in_use", "gate.slots.background_in_use",
                "gate.queue.waiting", "gate.queue.largest_flow", "gate.queue.clients", "gate.queue.largest_client",
                "gate.queue.shed", "gate.queue.dropped", "gate.queue.deadline_passed",
                "gate.slots.granted", "gate.slots.raised", "gate.slots.mean_hold_ms"), harness.slots.counters().keySet());
    }

    /** A reader's load of {@code flow}, charged to a client of the same name. */
    private static LoadContext user(String flow) {
        return LoadContext.user("k", Asker.of(flow, flow));
    }
}
