package tme.api.http;

import java.util.ArrayList;
import java.util.List;

/**
 * One event loop's access log lines not yet handed to the {@link AccessLog}'s writer. Touched only by that loop (its
 * requests' end handlers and its timer), so adding a line is a list append: no lock, no atomic operation, no cache
 * line shared with another core. Handed over whole every {@link AccessLog#HANDOVER} lines and on the loop's timer.
 */
final class LoopLines {

    private final AccessLog log;
    private final Thread loop;
    // Confined to the loop; replaced, never cleared, once handed over (the writer owns the old list then).
    private List<AccessLine> pending = new ArrayList<>(AccessLog.HANDOVER);

    /** Made on the loop it serves. */
    LoopLines(AccessLog log) {
        this.log = log;
        this.loop = Thread.currentThread();
    }

    /** Adds {@code line}; from any other thread (an answer ended elsewhere, which Vert.x should not do) it goes at once. */
    void add(AccessLine line) {
        if (Thread.currentThread() != loop) {
            log.offer(line);
            return;
        }
        pending.add(line);
        if (pending.size() >= AccessLog.HANDOVER) {
            handOver();
        }
    }

    void handOver() {
        if (!pending.isEmpty()) {
            log.offerAll(pending);
            pending = new ArrayList<>(AccessLog.HANDOVER);
        }
    }
}
