package tme.api.http;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One event loop's connections and their deadlines, looked at every tick by one task on that loop, and only while
 * the loop has connections. No timer per connection or per request: a request moves its connection from one phase
 * to the next by writing two fields, stamped with this loop's clock as of its last tick ({@link #now}), so the hot
 * path reads no clock and schedules nothing. Everything here runs on the loop; nothing is shared.
 */
final class ConnectionSweep {

    private final EventExecutor loop;
    private final long tickNanos;
    private final LongSupplier clock;
    private final List<ConnectionGuard> guards = new ArrayList<>();
    private ScheduledFuture<?> task;
    private long now;

    /** @param clock {@link System#nanoTime} in production; tests tick by hand with a clock of their own */
    ConnectionSweep(EventExecutor loop, long tickNanos, LongSupplier clock) {
        this.loop = loop;
        this.tickNanos = tickNanos;
        this.clock = clock;
    }

    /** The loop's clock as of its last tick (or its first connection): what phases are stamped with. */
    long now() {
        return now;
    }

    long tickNanos() {
        return tickNanos;
    }

    void add(ConnectionGuard guard) {
        if (task == null) {
            now = clock.getAsLong(); // the clock stood still while the loop had no connections
            task = loop.scheduleAtFixedRate(this::tick, tickNanos, tickNanos, TimeUnit.NANOSECONDS);
        }
        guard.index = guards.size();
        guards.add(guard);
    }

    /** O(1): the last guard takes the removed one's place. */
    void remove(ConnectionGuard guard) {
        int index = guard.index;
        if (index < 0) {
            return;
        }
        ConnectionGuard last = guards.removeLast();
        if (last != guard) {
            guards.set(index, last);
            last.index = index;
        }
        guard.index = -1;
    }

    /** Looks at every connection's deadline; with none left, stops until the next one comes. */
    void tick() {
        now = clock.getAsLong();
        if (guards.isEmpty()) {
            task.cancel(false);
            task = null;
            return;
        }
        // Backwards: a guard removed on the way is replaced by one already looked at.
        for (int i = guards.size() - 1; i >= 0; i--) {
            if (i < guards.size()) {
                guards.get(i).check(now);
            }
        }
    }
}
