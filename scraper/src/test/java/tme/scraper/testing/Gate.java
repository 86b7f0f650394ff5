package tme.scraper.testing;

import io.vertx.core.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Lets a test hold arriving requests and release them together: hold, fire N callers, await N held,
 * release, assert. Requests wait without blocking an event loop; each resumes on its own context.
 */
final class Gate {

    private final Object lock = new Object(); // guards holding and parked
    private boolean holding;
    private final List<Runnable> parked = new ArrayList<>();

    void hold() {
        synchronized (lock) {
            holding = true;
        }
    }

    /** Stops holding and lets every parked request go on. */
    void release() {
        List<Runnable> go;
        synchronized (lock) {
            holding = false;
            go = List.copyOf(parked);
            parked.clear();
        }
        go.forEach(Runnable::run);
    }

    /** Runs {@code next} now, or parks it on {@code context} until {@link #release()}. */
    void admit(Context context, Runnable next) {
        synchronized (lock) {
            if (holding) {
                parked.add(() -> context.runOnContext(v -> next.run()));
                lock.notifyAll();
                return;
            }
        }
        next.run();
    }

    int held() {
        synchronized (lock) {
            return parked.size();
        }
    }

    /** Blocks the calling test thread (never an event loop) until {@code count} requests are parked. */
    boolean awaitHeld(int count, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        synchronized (lock) {
            while (parked.size() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }
}
