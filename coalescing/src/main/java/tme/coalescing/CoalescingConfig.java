package tme.coalescing;

import static tme.cache.Durations.requirePositive;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link CoalescingCache} waits, refreshes and protects upstream, named after the timeline.
 *
 * @param refreshWindow the last fraction of each entry's freshness where it is refreshed ahead
 *                      ({@code EARLY_REFRESH_WINDOW}, 0.10)
 * @param maxWait       longest wait for another process's lease before loading here
 *                      ({@link #maxWaitFor}: two upstream timeouts and a lease lifetime)
 * @param pollFrom      shortest pause between two looks at another process's lease (25ms)
 * @param pollUpTo      longest such pause; pauses grow from {@code pollFrom} to this, randomized (250ms)
 * @param errorTtl      how long this process remembers a key's failed load or refresh: within it, readers get the
 *                      failure (or a stale value) without a new load, and no refresh starts
 *                      ({@code UPSTREAM_ERROR_TTL}, 2s: the time a lease keeps an error)
 * @param maxWaiting    most callers waiting for a load at once in this process; past it, a fast "shed" answer
 *                      ({@code MAX_WAITING_REQUESTS}, 4096)
 * @param leaseTimes    the lease's own timeline
 */
public record CoalescingConfig(double refreshWindow, Duration maxWait, Duration pollFrom, Duration pollUpTo,
                               Duration errorTtl, int maxWaiting, LeaseTimes leaseTimes) {

    public static final Duration DEFAULT_ERROR_TTL = Duration.ofSeconds(2);
    public static final int DEFAULT_MAX_WAITING = 4096;

    public CoalescingConfig {
        Freshness.of(Duration.ZERO, refreshWindow); // validates the window with the variable's name
        requirePositive(maxWait, "maxWait");
        requirePositive(pollFrom, "pollFrom");
        requirePositive(pollUpTo, "pollUpTo");
        requirePositive(errorTtl, "UPSTREAM_ERROR_TTL");
        if (maxWaiting <= 0) {
            throw new IllegalArgumentException("MAX_WAITING_REQUESTS must be positive: " + maxWaiting);
        }
        Objects.requireNonNull(leaseTimes, "leaseTimes");
        if (pollUpTo.compareTo(pollFrom) < 0) {
            throw new IllegalArgumentException("pollUpTo " + pollUpTo + " is shorter than pollFrom " + pollFrom);
        }
    }

    /** Defaults for an upstream timeout of 5s (the api's {@code TELEGRAM_TIMEOUT} default). */
    public static CoalescingConfig defaults() {
        return new CoalescingConfig(Freshness.DEFAULT_WINDOW, maxWaitFor(Duration.ofSeconds(5)),
                Duration.ofMillis(25), Duration.ofMillis(250), DEFAULT_ERROR_TTL, DEFAULT_MAX_WAITING,
                LeaseTimes.defaults());
    }

    /**
     * {@code 2 x upstreamTimeout + leaseFor}: a holder that hangs is replaced within a lease lifetime, and its
     * successor's load ends within one more upstream timeout.
     */
    public static Duration maxWaitFor(Duration upstreamTimeout) {
        return upstreamTimeout.multipliedBy(2).plus(LeaseTimes.defaults().leaseFor());
    }

    public CoalescingConfig withRefreshWindow(double window) {
        return new CoalescingConfig(window, maxWait, pollFrom, pollUpTo, errorTtl, maxWaiting, leaseTimes);
    }

    public CoalescingConfig withMaxWait(Duration wait) {
        return new CoalescingConfig(refreshWindow, wait, pollFrom, pollUpTo, errorTtl, maxWaiting, leaseTimes);
    }

    public CoalescingConfig withErrorTtl(Duration ttl) {
        return new CoalescingConfig(refreshWindow, maxWait, pollFrom, pollUpTo, ttl, maxWaiting, leaseTimes);
    }

    public CoalescingConfig withMaxWaiting(int waiting) {
        return new CoalescingConfig(refreshWindow, maxWait, pollFrom, pollUpTo, errorTtl, waiting, leaseTimes);
    }

    /** The entry timeline for a value stored fresh for {@code freshFor}. */
    Freshness freshness(Duration freshFor) {
        return Freshness.of(freshFor, refreshWindow);
    }
}
