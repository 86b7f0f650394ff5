package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.coalescing.gate.SlotsHarness.granted;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.vertx.core.Future;

/**
 * The round robin runs between clients first, then between a client's flows: a client with many flows waiting and
 * a client with one flow each get freed slots in turn, not one per flow.
 */
class SlotsClientFairnessTest {

    SlotsHarness harness;

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aClientOfManyFlows_andAClientOfOne_getTurnsInTurn() {
        harness = new SlotsHarness(1, 64);
        Future<SlotGrant> first = harness.user("sprayer", "s0", "s0");
        List<Future<SlotGrant>> spray = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            spray.add(harness.user("sprayer", "s" + i, "s" + i));
        }
        harness.user("reader", "r1", "r1");
        harness.user("reader", "r2", "r2");
        harness.user("reader", "r3", "r3");

        Slot held = granted(first);
        for (int turn = 0; turn < 6; turn++) {
            held.release();
            held = harness.granted.getLast();
        }

        assertEquals(List.of("s0", "s1", "r1", "s2", "r2", "s3", "r3"), harness.grants);
    }

    @Test
    void aClientsOwnFlows_takeTurnsWithinItsTurns() {
        harness = new SlotsHarness(1, 64);
        Slot held = granted(harness.user("a", "a-x", "ax0"));
        harness.user("a", "a-x", "ax1");
        harness.user("a", "a-x", "ax2");
        harness.user("a", "a-y", "ay1");
        harness.user("b", "b-z", "bz1");
        for (int turn = 0; turn < 4; turn++) {
            held.release();
            held = harness.granted.getLast();
        }

        assertEquals(List.of("ax0", "ax1", "bz1", "ay1", "ax2"), harness.grants);
    }
}
