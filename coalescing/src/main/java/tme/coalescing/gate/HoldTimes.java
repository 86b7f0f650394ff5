package tme.coalescing.gate;

import java.time.Duration;

/**
 * How long a slot is held, as an exponentially weighted moving average (the newest hold weighs 1/8, as in TCP's
 * smoothed round-trip time): recent upstream latency drives the wait estimate, one slow call does not. Before the
 * first release nothing is known and the mean is zero. Not thread-safe: the slots' lock guards it.
 */
final class HoldTimes {

    private static final double NEWEST_WEIGHT = 1.0 / 8;

    private double meanNanos;
    private boolean sampled;

    void record(Duration held) {
        double nanos = Math.max(0, held.toNanos());
        meanNanos = sampled ? meanNanos + NEWEST_WEIGHT * (nanos - meanNanos) : nanos;
        sampled = true;
    }

    Duration mean() {
        return Duration.ofNanos(Math.round(meanNanos));
    }

    /** How long the last of {@code waiting} waiters waits for one of {@code slots}: {@code waiting / slots x mean}. */
    Duration waitFor(int waiting, int slots) {
        return Duration.ofNanos(Math.round(meanNanos * waiting / slots));
    }

    /** {@link #waitFor} rounded up to whole seconds, at least one: what a refusal's Retry-After says. */
    Duration retryAfter(int waiting, int slots) {
        Duration wait = waitFor(waiting, slots);
        long seconds = wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0);
        return Duration.ofSeconds(Math.max(1, seconds));
    }
}
