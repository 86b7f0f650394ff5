package tme.coalescing.gate;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.SequencedSet;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * One client's waiting tickets, one FIFO per flow, and a ring of its flows with waiters: the order in which they get
 * their turns. {@link #next} serves the flow holding the fewest slots now among those allowed one, and among equals
 * the first from the ring's cursor (round robin); a flow at its cap is passed over and keeps its place. Slots are
 * held for whole upstream calls, so fewest-held-first evens out what flows hold (max-min fair), and is plain round
 * robin between flows that hold the same. Not thread-safe: the slots' lock guards it.
 */
final class FlowRing {

    // flow -> its waiting tickets, oldest first; a flow without waiters is absent. LinkedHashSet: a ticket whose
    // deadline passes leaves from the middle in O(1).
    private final Map<String, SequencedSet<Ticket>> byFlow = new HashMap<>();
    // Flows with waiters in turn order; the head is where the cursor stands. Each flow appears once.
    private final ArrayDeque<String> ring = new ArrayDeque<>();

    /** Queues {@code ticket} behind its flow's waiters; a flow new to the ring takes the last turn. */
    void add(Ticket ticket) {
        byFlow.computeIfAbsent(ticket.flow(), flow -> {
            ring.addLast(flow);
            return new LinkedHashSet<>();
        }).addLast(ticket);
    }

    void remove(Ticket ticket) {
        SequencedSet<Ticket> flowQueue = byFlow.get(ticket.flow());
        flowQueue.remove(ticket);
        if (flowQueue.isEmpty()) {
            byFlow.remove(ticket.flow());
            ring.remove(ticket.flow());
        }
    }

    /** The flow whose turn it is among those {@code mayTake} allows: fewest held, then ring order; null if none. */
    String choose(Predicate<String> mayTake, ToIntFunction<String> held) {
        return Turns.choose(ring, mayTake, held);
    }

    /** Takes out the oldest ticket of {@code flow} (from {@link #choose}) and moves the cursor past it. */
    Ticket take(String flow) {
        Turns.passTo(ring, flow);
        SequencedSet<Ticket> flowQueue = byFlow.get(flow);
        Ticket ticket = flowQueue.removeFirst();
        if (flowQueue.isEmpty()) {
            byFlow.remove(flow);
        } else {
            ring.addLast(flow);
        }
        return ticket;
    }

    boolean isEmpty() {
        return byFlow.isEmpty();
    }

    /** Adds each flow's waiters here to {@code waiting} (flow -> count); answers this client's waiters. */
    int countByFlow(Map<String, Integer> waiting) {
        int all = 0;
        for (Map.Entry<String, SequencedSet<Ticket>> flow : byFlow.entrySet()) {
            waiting.merge(flow.getKey(), flow.getValue().size(), Integer::sum);
            all += flow.getValue().size();
        }
        return all;
    }
}
