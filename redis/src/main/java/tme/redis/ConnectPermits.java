package tme.redis;

import java.util.ArrayDeque;

/**
 * How many commands may hold a connection at once. Unlimited on a single Redis, where the client's pool queues
 * the rest. On a cluster, at most the pool size: the client (vertx-redis-client 5.0.7) takes a pooled connection
 * to <em>every</em> node for each command, and a command waits for the client's hash-slot map, which it reloads
 * every second over yet another pooled connection. Commands that hold connections to some nodes while waiting for
 * the others, or for that reload, can wait on each other forever once the pools run dry (vert-x3/vertx-redis-client
 * #541). With at most {@code poolSize} commands holding connections and pools of {@code poolSize + 1} per node, no
 * command ever waits inside the client: the rest wait here, in order, and our deadline ends their wait.
 */
final class ConnectPermits {

    /** A command waiting for a permit; answers false when it no longer wants one (its deadline passed). */
    interface Waiter {
        boolean start();
    }

    private static final int UNLIMITED = Integer.MAX_VALUE;

    private final int limit;
    // Guarded by this: permits held, and the waiters in arrival order.
    private int taken;
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();

    private ConnectPermits(int limit) {
        this.limit = limit;
    }

    static ConnectPermits unlimited() {
        return new ConnectPermits(UNLIMITED);
    }

    static ConnectPermits of(int limit) {
        return new ConnectPermits(limit);
    }

    /** Starts {@code waiter} now if a permit is free, else when one is released (not on this thread then). */
    void acquire(Waiter waiter) {
        if (limit != UNLIMITED) {
            synchronized (this) {
                if (taken >= limit) {
                    waiting.add(waiter);
                    return;
                }
                taken++;
            }
        }
        if (!waiter.start()) {
            release();
        }
    }

    /** Gives the permit to the first waiter that still wants it, or back. Called once per successful start. */
    void release() {
        if (limit == UNLIMITED) {
            return;
        }
        while (true) {
            Waiter next;
            synchronized (this) {
                next = waiting.poll();
                if (next == null) {
                    taken--;
                    return;
                }
            }
            if (next.start()) {
                return;
            }
        }
    }
}
