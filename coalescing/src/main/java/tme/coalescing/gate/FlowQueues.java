package tme.coalescing.gate;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.SequencedSet;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Waiting tickets of one side (readers' or background), one FIFO per flow, and a ring of the flows that have
 * waiters: the order in which they get their turns.
 *
 * <p>{@link #next} serves the flow that holds the fewest slots now among those allowed one, and among equals the
 * first from the ring's cursor (round robin). Slots are held for whole upstream calls, so handing turns by strict
 * rotation would let a flow that already holds many keep them; fewest-held-first evens out what flows hold (max-min
 * fair) and is plain round robin between flows that hold the same. A flow at its cap is passed over and keeps its
 * place in the rotation. No flow starves: while it waits, what it holds only falls and what the others hold rises.
 *
 * <p>Not thread-safe: the slots' lock guards it, and each ticket's {@link Ticket#queue} with it.
 */
final class FlowQueues {

    // flow -> its waiting tickets, oldest first; a flow without waiters is absent. LinkedHashSet: a ticket whose
    // deadline passes leaves from the middle in O(1).
    private final Map<String, SequencedSet<Ticket>> byFlow = new HashMap<>();
    // Flows with waiters in turn order; the head is where the cursor stands. Each flow appears once.
    private final ArrayDeque<String> ring = new ArrayDeque<>();
    // Every waiting ticket of this side in arrival order: the size, and the newest to push out.
    private final SequencedSet<Ticket> arrivals = new LinkedHashSet<>();

    /** Queues {@code ticket} behind its flow's waiters; a flow new to the ring takes the last turn. */
    void add(Ticket ticket) {
        byFlow.computeIfAbsent(ticket.flow(), flow -> {
            ring.addLast(flow);
            return new LinkedHashSet<>();
        }).addLast(ticket);
        arrivals.addLast(ticket);
        ticket.queue = this;
    }

    /** Takes {@code ticket} out wherever it waits in this side (its deadline passed, or it was raised). */
    void remove(Ticket ticket) {
        SequencedSet<Ticket> flowQueue = byFlow.get(ticket.flow());
        flowQueue.remove(ticket);
        if (flowQueue.isEmpty()) {
            byFlow.remove(ticket.flow());
            ring.remove(ticket.flow());
        }
        arrivals.remove(ticket);
        ticket.queue = null;
    }

    /**
     * Takes out the oldest ticket of the flow whose turn it is among those {@code mayTake} allows, and moves the
     * cursor past that flow; null when no flow may take a slot.
     */
    Ticket next(Predicate<String> mayTake, ToIntFunction<String> held) {
        String chosen = null;
        int chosenAt = -1;
        int fewest = Integer.MAX_VALUE;
        int at = 0;
        for (String flow : ring) {
            if (mayTake.test(flow)) {
                int holds = held.applyAsInt(flow);
                if (holds < fewest) {
                    chosen = flow;
                    chosenAt = at;
                    fewest = holds;
                    if (holds == 0) {
                        break;
                    }
                }
            }
            at++;
        }
        if (chosen == null) {
            return null;
        }
        for (int passed = 0; passed < chosenAt; passed++) {
            ring.addLast(ring.pollFirst());
        }
        ring.pollFirst();
        SequencedSet<Ticket> flowQueue = byFlow.get(chosen);
        Ticket ticket = flowQueue.removeFirst();
        if (flowQueue.isEmpty()) {
            byFlow.remove(chosen);
        } else {
            ring.addLast(chosen);
        }
        arrivals.remove(ticket);
        ticket.queue = null;
        return ticket;
    }

    /** The ticket that arrived last, taken out: the one to push out when a reader needs its place. */
    Ticket removeNewest() {
        Ticket newest = arrivals.getLast();
        remove(newest);
        return newest;
    }

    boolean isEmpty() {
        return arrivals.isEmpty();
    }

    int size() {
        return arrivals.size();
    }

    /** Adds each flow's waiters here to {@code waiting} (flow -> count). */
    void countByFlow(Map<String, Integer> waiting) {
        byFlow.forEach((flow, tickets) -> waiting.merge(flow, tickets.size(), Integer::sum));
    }
}
