package tme.coalescing.gate;

import java.util.ArrayDeque;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Whose turn it is in a ring of parties (clients, or one client's flows): among those allowed a slot, the one holding
 * the fewest now, and among equals the first from the cursor (the ring's head). Max-min fair over whole upstream
 * calls, and plain round robin between parties that hold the same; none starves, as what it holds only falls while
 * it waits.
 */
final class Turns {

    private Turns() {}

    /** The party whose turn it is among those {@code mayTake} allows, or null. */
    static String choose(ArrayDeque<String> ring, Predicate<String> mayTake, ToIntFunction<String> held) {
        String chosen = null;
        int fewest = Integer.MAX_VALUE;
        for (String party : ring) {
            if (mayTake.test(party)) {
                int holds = held.applyAsInt(party);
                if (holds < fewest) {
                    chosen = party;
                    fewest = holds;
                    if (holds == 0) {
                        break;
                    }
                }
            }
        }
        return chosen;
    }

    /** Moves the cursor to {@code party} and takes it off the ring: the caller puts it back last if it still waits. */
    static void passTo(ArrayDeque<String> ring, String party) {
        while (!ring.isEmpty() && !ring.peekFirst().equals(party)) {
            ring.addLast(ring.pollFirst());
        }
        ring.pollFirst();
    }
}
