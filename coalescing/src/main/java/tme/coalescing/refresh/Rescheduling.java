package tme.coalescing.refresh;

import java.time.Duration;
import java.time.Instant;

/**
 * When a name is due after its refresh, by outcome:
 * <ul>
 *   <li>refreshed: an interval after it was due, failures cleared: a name is refreshed once per interval of its own
 *       schedule, at a fixed rate, not every interval plus however late its claim came and long its load took (which
 *       would drift a round in every ten or twenty); but never sooner than half an interval after the refresh
 *       ended, so a late one is not followed at once by the next (the claim would skip a name loaded that recently
 *       anyway, and push it back a whole interval);</li>
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

    /** Where the name goes after {@code outcome}, its refresh ended {@code now}. */
    Next after(RefreshOutcome outcome, Claimed claimed, Instant now) {
        return switch (outcome) {
            case RefreshOutcome.Refreshed refreshed ->
                    new Next.At(latest(claimed.due().plus(config.interval()), now.plus(config.recent())), 0);
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
