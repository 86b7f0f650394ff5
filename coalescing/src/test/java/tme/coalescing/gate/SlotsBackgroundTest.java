package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.coalescing.gate.SlotsHarness.NEVER;
import static tme.coalescing.gate.SlotsHarness.backgroundLoad;
import static tme.coalescing.gate.SlotsHarness.granted;
import static tme.coalescing.gate.SlotsHarness.refused;
import static tme.coalescing.gate.SlotsHarness.waiting;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.coalescing.Asker;
import tme.coalescing.LoadContext;

/** Background work: only while no reader waits, at most half the slots, a reader's once raised, dropped first. */
class SlotsBackgroundTest {

    SlotsHarness harness;

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void background_isNotGrantedWhileAReaderWaits() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 3);
        harness.user("b", "b1");
        Future<SlotGrant> refresh = harness.background("x", "x1");
        Future<SlotGrant> c1 = harness.user("c", "c1");

        granted(a.get(0)).release();

        granted(c1);
        waiting(refresh);
        granted(a.get(1)).release();
        granted(refresh);
        assertEquals(List.of("a1", "a2", "a3", "b1", "c1", "x1"), harness.grants);
        harness.assertGauges(4, 1, 0);
    }

    @Test
    void background_waitsEvenForASlotNoWaitingReaderMayTake() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 4); // a4 waits: a is at its cap, one slot free
        Future<SlotGrant> refresh = harness.background("x", "x1");
        waiting(List.of(a.get(3), refresh));

        granted(a.get(0)).release(); // a4 takes it; then no reader waits and the free slot goes to x1

        granted(a.get(3));
        granted(refresh);
        harness.assertGauges(4, 1, 0);
    }

    @Test
    void background_holdsAtMostHalfTheSlots_andReadersTakeTheRestAtOnce() {
        harness = new SlotsHarness(4, 16);
        Future<SlotGrant> x = harness.background("x", "x1");
        Future<SlotGrant> y = harness.background("y", "y1");
        Future<SlotGrant> z = harness.background("z", "z1");
        granted(x);
        granted(y);
        waiting(z);
        harness.assertGauges(2, 2, 1);

        granted(harness.user("a", "a1"));
        granted(harness.user("a", "a2"));
        harness.assertGauges(4, 2, 1);

        granted(x).release();
        granted(z);
        harness.assertGauges(4, 2, 0);
    }

    @Test
    void raisedBackgroundTicket_isGrantedAheadOfOtherBackground_asAReadersSlot() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 3);
        harness.user("b", "b1");
        harness.background("x", "x1");
        harness.background("y", "y1");
        LoadContext joined = backgroundLoad("z");
        Future<SlotGrant> z = harness.ask(joined, NEVER, "z1");

        joined.joinedBy(LoadContext.user("z-key", Asker.of("z", "z")));
        waiting(z);
        assertEquals(1, harness.counter("gate.slots.raised"));
        granted(a.get(0)).release();

        granted(z);
        assertEquals(List.of("a1", "a2", "a3", "b1", "z1"), harness.grants);
        harness.assertGauges(4, 0, 2); // z holds a reader's slot
        granted(z).release();
        harness.assertGauges(4, 1, 1); // and gives it back as one: x1 (first in turn) has it now
        assertEquals(List.of("a1", "a2", "a3", "b1", "z1", "x1"), harness.grants);
    }

    @Test
    void raisedTicket_isGrantedAtOnce_whenASlotIsFree() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 4); // a4 waits at a's cap, one slot free
        LoadContext refresh = backgroundLoad("x");
        Future<SlotGrant> x = harness.ask(refresh, NEVER, "x1");
        waiting(x);

        refresh.raise();

        granted(x);
        waiting(a.get(3));
        harness.assertGauges(4, 0, 1);
    }

    @Test
    void slotGrantedToBackground_isGivenBackAsBackground_evenIfRaisedWhileHeld() {
        harness = new SlotsHarness(4, 16);
        LoadContext refresh = backgroundLoad("x");
        Slot slot = granted(harness.ask(refresh, NEVER, "x1"));

        refresh.raise();
        assertEquals(0, harness.counter("gate.slots.raised"));
        slot.release();

        harness.assertGauges(0, 0, 0);
    }

    @Test
    void backgroundBeyondAFullQueue_isDropped_andAReaderPushesOutTheNewestBackgroundWaiter() {
        harness = new SlotsHarness(2, 2); // 2 slots, one per flow; 4 waiters
        harness.user("a", "a1");
        harness.user("b", "b1");
        Future<SlotGrant> x1 = harness.background("x", "x1");
        Future<SlotGrant> x2 = harness.background("x", "x2");
        harness.user("a", "a2");
        harness.user("b", "b2");
        Future<SlotGrant> x3 = harness.background("x", "x3");

        assertEquals(Refusal.DROPPED, refused(x3).why());
        Future<SlotGrant> a3 = harness.user("a", "a3");
        assertEquals(Refusal.DROPPED, refused(x2).why());
        waiting(List.of(x1, a3));
        harness.user("b", "b3");
        assertEquals(Refusal.DROPPED, refused(x1).why());
        Future<SlotGrant> a4 = harness.user("a", "a4");

        assertEquals(new SlotGrant.Refused(Refusal.QUEUE_FULL, Duration.ofSeconds(1)), refused(a4));
        assertEquals(3, harness.counter("gate.queue.dropped"));
        assertEquals(1, harness.counter("gate.queue.shed"));
        harness.assertGauges(2, 0, 4);
    }
}
