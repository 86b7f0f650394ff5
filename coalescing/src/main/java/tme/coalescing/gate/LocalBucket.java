package tme.coalescing.gate;

import java.time.Duration;
import java.time.Instant;
import tme.redis.ThrottleScripts;

/**
 * A continuous token bucket (GCRA, in the "virtual scheduling" form) on the caller's clock: {@code burst} tokens
 * at once, then one every {@code 1/rate} seconds. The same shape as the fleet's script in {@link ThrottleScripts}
 * ({@code BUDGET}), for when Redis cannot be asked.
 *
 * <p>A token is reserved for a future moment (the wait it answers), so callers queue instead of spinning; in any
 * closed window of T seconds at most {@code burst + rate x T} tokens fall. A request whose token would come after
 * its deadline reserves nothing.
 */
final class LocalBucket {

    private final long intervalNanos;
    private final long toleranceNanos;
    // Guarded by this: the theoretical arrival time of the next token; tokens may be taken up to tolerance early.
    private Instant nextArrival = Instant.MIN;

    LocalBucket(double rate, int burst) {
        this.intervalNanos = intervalNanos(rate);
        this.toleranceNanos = (burst - 1) * intervalNanos;
    }

    /** Nanoseconds between two tokens at {@code rate} per second (at least one). */
    static long intervalNanos(double rate) {
        return Math.max(1, Math.round(1e9 / rate));
    }

    /**
     * A token for a request sent no sooner than {@code now + notBefore} and no later than {@code now + deadline}.
     */
    synchronized Take take(Instant now, Duration notBefore, Duration deadline) {
        Instant at = now.plus(notBefore);
        Instant arrival = later(nextArrival, at);
        Instant sendAt = later(at, arrival.minusNanos(toleranceNanos));
        Duration wait = Duration.between(now, sendAt);
        if (wait.compareTo(deadline) > 0) {
            return new Take.TooLate(wait);
        }
        nextArrival = arrival.plusNanos(intervalNanos);
        return new Take.Granted(wait);
    }

    /** Gives back the token the last {@link #take} reserved (the fleet then refused the request it was for). */
    synchronized void giveBack() {
        nextArrival = nextArrival.minusNanos(intervalNanos);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
