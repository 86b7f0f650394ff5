package tme.coalescing.gate;

import java.time.Duration;
import java.time.Instant;
import java.util.function.ToDoubleFunction;

/**
 * This process's limiter while it resumes after a cooldown: one request every {@code 1 / (rate x fraction)}
 * seconds, no bursts, where the fraction comes from {@link Cooldown#rateFraction}. At the full rate it steps
 * aside and only the fleet's budget (or the local bucket) limits. It applies on top of the budget: a server
 * that resumes must not spend the whole fleet's burst the moment the cooldown ends.
 */
final class Ramp {

    private final double rate;
    private final ToDoubleFunction<Instant> fraction;
    // Guarded by this: when the next ramp slot is free; slots are reserved ahead, like the bucket's tokens.
    private Instant nextFree = Instant.MIN;

    Ramp(double rate, ToDoubleFunction<Instant> fraction) {
        this.rate = rate;
        this.fraction = fraction;
    }

    /** A slot no later than {@code now + deadline}: granted at once at full rate. */
    synchronized Take take(Instant now, Duration deadline) {
        if (fraction.applyAsDouble(now) >= 1) {
            return new Take.Granted(Duration.ZERO);
        }
        Instant at = nextFree.isAfter(now) ? nextFree : now;
        Duration wait = Duration.between(now, at);
        if (wait.compareTo(deadline) > 0) {
            return new Take.TooLate(wait);
        }
        nextFree = at.plusNanos(intervalAt(at));
        return new Take.Granted(wait);
    }

    /** The request leaves at {@code sendAt}, later than its slot (the budget had no earlier token): no bunching. */
    synchronized void sendsAt(Instant sendAt) {
        double share = fraction.applyAsDouble(sendAt);
        if (share < 1) {
            Instant after = sendAt.plusNanos(intervalAt(sendAt));
            nextFree = after.isAfter(nextFree) ? after : nextFree;
        }
    }

    private long intervalAt(Instant at) {
        double share = Math.max(fraction.applyAsDouble(at), 1e-6);
        return LocalBucket.intervalNanos(rate * Math.min(share, 1));
    }
}
