package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.coalescing.gate.SlotsHarness.granted;
import static tme.coalescing.gate.SlotsHarness.waiting;

import io.vertx.core.Future;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Who gets a free slot: readers' flows in turn, fewest held first, none above three quarters of the slots. */
class SlotsFairnessTest {

    SlotsHarness harness;

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void flowArrivingBehindAFlood_isGrantedAtTheFirstFreeSlot_notAfterTheFloodersQueue() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 20);
        // a holds its three quarters; the fourth slot stays free for whoever comes next.
        assertEquals(List.of("a1", "a2", "a3"), harness.grants);
        Future<SlotGrant> b1 = harness.user("b", "b1");
        granted(b1);
        Future<SlotGrant> b2 = harness.user("b", "b2");
        Future<SlotGrant> b3 = harness.user("b", "b3");
        waiting(List.of(b2, b3));

        granted(a.get(0)).release(); // a holds 2, b 1: b's turn
        granted(b2);
        granted(a.get(1)).release(); // a holds 1, b 2: a's turn, its oldest waiter
        granted(a.get(3));
        granted(b1).release();       // a holds 2, b 1
        granted(b3);

        assertEquals(List.of("a1", "a2", "a3", "b1", "b2", "a4", "b3"), harness.grants);
        waiting(a.subList(4, 20));
        assertEquals(16, harness.counter("gate.queue.largest_flow"));
    }

    @Test
    void flowsHoldingTheSame_takeTurnsInRotation_fifoWithinEach() {
        harness = new SlotsHarness(8, 16);
        List<Future<SlotGrant>> x = harness.users("x", 6); // x at its cap of 6
        harness.users("y", 2);                                // all 8 slots in use
        harness.users("a", 2);
        harness.users("b", 2);
        harness.users("c", 2);
        harness.grants.clear();

        x.forEach(slot -> granted(slot).release());

        assertEquals(List.of("a1", "b1", "c1", "a2", "b2", "c2"), harness.grants);
        harness.assertGauges(8, 0, 0);
    }

    @Test
    void flowAlone_holdsThreeOfFourSlots_evenWithNobodyElseWaiting() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 10);

        harness.assertGauges(3, 0, 7);
        assertEquals(7, harness.counter("gate.queue.largest_flow"));
        waiting(a.subList(3, 10));

        granted(a.get(0)).release();
        granted(a.get(3));
        waiting(a.subList(4, 10));
        harness.assertGauges(3, 0, 6);
    }

    @Test
    void flowAtItsCap_isPassedOver_whileAnotherFlowTakesTheFreedSlot() {
        harness = new SlotsHarness(4, 16);
        List<Future<SlotGrant>> a = harness.users("a", 5); // a1..a3 granted
        Future<SlotGrant> b1 = harness.user("b", "b1");     // the fourth slot
        Future<SlotGrant> b2 = harness.user("b", "b2");
        waiting(List.of(a.get(3), a.get(4), b2));

        granted(b1).release(); // a (first in the rotation) is at its cap: b2 goes

        granted(b2);
        waiting(List.of(a.get(3), a.get(4)));
        harness.assertGauges(4, 0, 2);
    }

    @Test
    void twoSlots_allowOneToEachFlow() {
        harness = new SlotsHarness(2, 4);
        List<Future<SlotGrant>> a = harness.users("a", 2);
        granted(a.get(0));
        waiting(a.get(1));

        granted(harness.user("b", "b1"));
        harness.assertGauges(2, 0, 1);
    }
}
