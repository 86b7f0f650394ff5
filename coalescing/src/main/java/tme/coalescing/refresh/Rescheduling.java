package tme.coalescing.refresh;

import java.time.Duration;
import java.time.Instant;

/**
 * When a name is due after its refresh, by outcome:
 * <ul>
 *   <li>refreshed: an interval after the refresh started, failures cleared (so a name is refreshed every interval,
 *       not every interval plus however long its load took; a load longer than the interval makes it due at once,
 *       and the claim's "loaded in the last half interval" rule still spaces the loads);</li>
 *   <li>throttled: exactly when upstream said (the pause is the fleet's, not the name's: failures unchanged);</li>
 *   <li>failed for the n-th time in a row: {@code interval x 2^(n-1)}, at most {@code backoffUpTo};</li>
 *   <li>gone: dropped;</li>
 *   <li>abandoned by a stopping worker: due now, for another worker to take at once.</li>
 * </ul>
 */
final class Rescheduling {

    private final RefreshConfig config;

    Rescheduling(RefreshConfig config) {
        this.config = config;
    }

    /** Where the name goes after {@code outcome}, its refresh started at {@code started} and ended {@code now}. */
    Next after(RefreshOutcome outcome, Claimed claimed, Instant started, Instant now) {
        return switch (outcome) {
            case RefreshOutcome.Refreshed refreshed -> new Next.At(latest(started.plus(config.interval()), now), 0);
            case RefreshOutcome.Throttled throttled -> new Next.At(throttled.until(), Next.KEEP);
            case RefreshOutcome.Failed failed -> {
                int failures = claimed.failures() + 1;
                yield new Next.At(now.plus(backoff(failures)), failures);
            }
            case RefreshOutcome.Gone gone -> new Next.Drop();
        };
    }

    private static Instant latest(Instant one, Instant other) {
        return one.isAfter(other) ? one : other;
    }

    static Next abandoned(Instant now) {
        return new Next.At(now, Next.KEEP);
    }

    /** {@code interval x 2^(failures-1)}, bounded; the shift is capped long before it could overflow. */
    Duration backoff(int failures) {
        int doublings = Math.min(Math.max(failures - 1, 0), 30);
        Duration wait = config.interval().multipliedBy(1L << doublings);
        return wait.compareTo(config.backoffUpTo()) > 0 ? config.backoffUpTo() : wait;
    }
}
