package tme.coalescing;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Callers waiting for a load in this process, bounded: past {@code max} a caller is answered at once rather than
 * queued behind work that cannot finish sooner (a fast 503 beats a slow one, and memory stays bounded).
 */
final class Waiting {

    private final int max;
    // Callers between a successful tryEnter and their leave.
    private final AtomicInteger now = new AtomicInteger();

    Waiting(int max) {
        this.max = max;
    }

    /** Counts the caller in, unless {@code max} already wait; true when it may wait (and must leave later). */
    boolean tryEnter() {
        int current;
        do {
            current = now.get();
            if (current >= max) {
                return false;
            }
        } while (!now.compareAndSet(current, current + 1));
        return true;
    }

    void leave() {
        now.decrementAndGet();
    }

    int count() {
        return now.get();
    }
}
