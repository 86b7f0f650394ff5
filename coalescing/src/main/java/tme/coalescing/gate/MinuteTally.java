package tme.coalescing.gate;

import java.time.Instant;

/** Events in the last minute, in one-second buckets on the caller's clock: cheap to add to, exact to a second. */
final class MinuteTally {

    private static final int SECONDS = 60;

    // Guarded by this: bucket i counts the events of second seconds[i] (epoch seconds, i = second mod 60).
    private final long[] seconds = new long[SECONDS];
    private final long[] counts = new long[SECONDS];

    synchronized void add(Instant now) {
        long second = now.getEpochSecond();
        int slot = (int) Math.floorMod(second, SECONDS);
        if (seconds[slot] != second) {
            seconds[slot] = second;
            counts[slot] = 0;
        }
        counts[slot]++;
    }

    /** Events in the 60 seconds ending with the current one. */
    synchronized long lastMinute(Instant now) {
        long current = now.getEpochSecond();
        long sum = 0;
        for (int slot = 0; slot < SECONDS; slot++) {
            if (seconds[slot] > current - SECONDS && seconds[slot] <= current) {
                sum += counts[slot];
            }
        }
        return sum;
    }
}
