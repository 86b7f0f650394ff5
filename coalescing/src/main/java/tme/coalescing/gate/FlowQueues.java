package tme.coalescing.gate;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.SequencedSet;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Waiting tickets of one side (readers' or background), in two levels of turns: a ring of the clients that have
 * waiters, and in each client a ring of its flows ({@link FlowRing}). {@link #next} serves the client whose turn it
 * is (fewest slots held now, then ring order: {@link Turns}), then that client's flow whose turn it is, FIFO within a
 * flow. So a client with 1000 waiting loads and a client with one each get turns in turn: fair queueing between
 * senders first (Demers, Keshav and Shenker), then between a sender's flows.
 *
 * <p>Not thread-safe: the slots' lock guards it, and each ticket's {@link Ticket#queue} with it.
 */
final class FlowQueues {

    // client -> its waiting tickets by flow; a client without waiters is absent.
    private final Map<String, FlowRing> byClient = new HashMap<>();
    // Clients with waiters in turn order; the head is where the cursor stands. Each client appears once.
    private final ArrayDeque<String> clients = new ArrayDeque<>();
    // Every waiting ticket of this side in arrival order: the size, and the newest to push out.
    private final SequencedSet<Ticket> arrivals = new LinkedHashSet<>();

    /** Queues {@code ticket} behind its flow's waiters; a client new to the ring takes the last turn. */
    void add(Ticket ticket) {
        byClient.computeIfAbsent(ticket.client(), client -> {
            clients.addLast(client);
            return new FlowRing();
        }).add(ticket);
        arrivals.addLast(ticket);
        ticket.queue = this;
    }

    /** Takes {@code ticket} out wherever it waits in this side (its deadline passed, or it was raised). */
    void remove(Ticket ticket) {
        FlowRing flows = byClient.get(ticket.client());
        flows.remove(ticket);
        if (flows.isEmpty()) {
            byClient.remove(ticket.client());
            clients.remove(ticket.client());
        }
        arrivals.remove(ticket);
        ticket.queue = null;
    }

    /**
     * Takes out the oldest ticket of the flow whose turn it is, in the client whose turn it is, among those
     * {@code mayTake} allows; moves both cursors past them. Null when no flow may take a slot.
     */
    Ticket next(Predicate<String> mayTake, ToIntFunction<String> heldByFlow, ToIntFunction<String> heldByClient) {
        String client = Turns.choose(clients, name -> byClient.get(name).choose(mayTake, heldByFlow) != null,
                heldByClient);
        if (client == null) {
            return null;
        }
        FlowRing flows = byClient.get(client);
        Ticket ticket = flows.take(flows.choose(mayTake, heldByFlow));
        Turns.passTo(clients, client);
        if (flows.isEmpty()) {
            byClient.remove(client);
        } else {
            clients.addLast(client);
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

    /** Adds each flow's waiters here to {@code byFlow} and each client's to {@code byClientWaiting}. */
    void countWaiting(Map<String, Integer> byFlow, Map<String, Integer> byClientWaiting) {
        byClient.forEach((client, flows) -> byClientWaiting.merge(client, flows.countByFlow(byFlow), Integer::sum));
    }
}
