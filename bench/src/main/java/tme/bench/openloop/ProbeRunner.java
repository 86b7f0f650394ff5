package tme.bench.openloop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Calls a {@link WindowProbe} at the measured start and at each window's end, on a thread of its own so a slow
 * probe never delays a request. Notes are kept in order: index 0 is the start, {@code k + 1} the end of window k.
 */
public final class ProbeRunner {

    private final List<String> notes = Collections.synchronizedList(new ArrayList<>());
    private final Thread thread;

    private ProbeRunner(WindowProbe probe, long measuredStart, long windowNanos, int windows) {
        thread = Thread.ofPlatform().daemon().name("open-loop-probe").unstarted(() -> {
            for (int k = -1; k < windows; k++) {
                long at = measuredStart + (k + 1) * windowNanos;
                for (long wait = at - System.nanoTime(); wait > 0; wait = at - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                notes.add(probe.at(k));
            }
        });
    }

    /** Starts probing; without windows it does nothing. */
    public static ProbeRunner start(WindowProbe probe, long measuredStart, Duration window, int windows) {
        ProbeRunner runner = new ProbeRunner(probe, measuredStart, window.toNanos(), windows);
        if (windows > 0) {
            runner.thread.start();
        }
        return runner;
    }

    /** Waits for the last note (the last window has ended when the schedule has) and returns them all. */
    public List<String> finish() throws InterruptedException {
        if (thread.getState() != Thread.State.NEW) {
            thread.join();
        }
        return List.copyOf(notes);
    }
}
