package tme.coalescing.gate;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Runs the completions the slots decided under their lock, after it is released, without recursion: a grant whose
 * caller releases at once (release -> grant -> call -> release ...) would otherwise nest one stack frame per waiter.
 * The first call on a thread runs its completions and every one queued meanwhile on that thread; a nested call
 * only queues. Each thread has its own queue, so no thread runs another's completions.
 */
final class Deliveries {

    // Completions still to run on this thread while an outer call runs them; absent when none runs.
    private static final ThreadLocal<ArrayDeque<Runnable>> RUNNING = new ThreadLocal<>();

    private Deliveries() {}

    static void run(List<Runnable> completions) {
        if (completions.isEmpty()) {
            return;
        }
        ArrayDeque<Runnable> queued = RUNNING.get();
        if (queued != null) {
            queued.addAll(completions);
            return;
        }
        queued = new ArrayDeque<>(completions);
        RUNNING.set(queued);
        try {
            for (Runnable next = queued.poll(); next != null; next = queued.poll()) {
                runAlone(next);
            }
        } finally {
            RUNNING.remove();
        }
    }

    /** A caller's callback that throws must not keep the next waiters from their answers. */
    private static void runAlone(Runnable completion) {
        try {
            completion.run();
        } catch (RuntimeException bug) {
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, bug);
        }
    }
}
