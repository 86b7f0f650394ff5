package tme.coalescing;

import static tme.cache.Durations.requirePositive;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link CoalescingCache} waits and refreshes, named after the timeline.
 *
 * @param refreshWindow     the last fraction of each entry's freshness where it is refreshed ahead
 *                          ({@code EARLY_REFRESH_WINDOW}, 0.10)
 * @param maxWait           longest wait for another process's lease before loading here
 *                          ({@link #maxWaitFor}: two upstream timeouts and a lease lifetime)
 * @param pollFrom          shortest pause between two looks at another process's lease (25ms)
 * @param pollUpTo          longest such pause; pauses grow from {@code pollFrom} to this, randomized (250ms)
 * @param refreshRetryAfter after a failed background refresh, the next one for that key starts no sooner (1s)
 * @param leaseTimes        the lease's own timeline
 */
public record CoalescingConfig(double refreshWindow, Duration maxWait, Duration pollFrom, Duration pollUpTo,
                               Duration refreshRetryAfter, LeaseTimes leaseTimes) {

    public CoalescingConfig {
        Freshness.of(Duration.ZERO, refreshWindow); // validates the window with the variable's name
        requirePositive(maxWait, "maxWait");
        requirePositive(pollFrom, "pollFrom");
        requirePositive(pollUpTo, "pollUpTo");
        requirePositive(refreshRetryAfter, "refreshRetryAfter");
        Objects.requireNonNull(leaseTimes, "leaseTimes");
        if (pollUpTo.compareTo(pollFrom) < 0) {
            throw new IllegalArgumentException("pollUpTo " + pollUpTo + " is shorter than pollFrom " + pollFrom);
        }
    }

    /** Defaults for an upstream timeout of 5s (the api's {@code TELEGRAM_TIMEOUT} default). */
    public static CoalescingConfig defaults() {
        return new CoalescingConfig(Freshness.DEFAULT_WINDOW, maxWaitFor(Duration.ofSeconds(5)),
                Duration.ofMillis(25), Duration.ofMillis(250), Duration.ofSeconds(1), LeaseTimes.defaults());
    }

    /**
     * {@code 2 x upstreamTimeout + leaseFor}: a holder that hangs is replaced within a lease lifetime, and its
     * successor's load ends within one more upstream timeout.
     */
    public static Duration maxWaitFor(Duration upstreamTimeout) {
        return upstreamTimeout.multipliedBy(2).plus(LeaseTimes.defaults().leaseFor());
    }

    public CoalescingConfig withRefreshWindow(double window) {
        return new CoalescingConfig(window, maxWait, pollFrom, pollUpTo, refreshRetryAfter, leaseTimes);
    }

    public CoalescingConfig withMaxWait(Duration wait) {
        return new CoalescingConfig(refreshWindow, wait, pollFrom, pollUpTo, refreshRetryAfter, leaseTimes);
    }

    /** The entry timeline for a value stored fresh for {@code freshFor}. */
    Freshness freshness(Duration freshFor) {
        return Freshness.of(freshFor, refreshWindow);
    }
}
