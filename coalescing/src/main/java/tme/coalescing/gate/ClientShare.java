package tme.coalescing.gate;

import java.time.Duration;
import java.util.Objects;

/**
 * How much of the fleet's budget one client may spend: at most {@code share} of {@code TELEGRAM_RATE}, with a burst
 * of its own, counted in the same Redis round trip as the fleet's budget (a bucket per client next to the fleet's),
 * or in a local bucket per client without Redis. A load over its client's share is refused at once
 * ({@link Refusal#CLIENT_SHARE}), never queued: it would only wait for tokens the others need. A share of 1 bounds
 * nothing beyond the fleet's own budget.
 *
 * <p>Work-conserving: the share binds only while another client waits for t.me too, that is, asked the budget for a
 * token for a reader within {@code othersWithin} (fleet-wide in Redis, a sorted set next to the budget; per server
 * without it). Background work never makes a reader's share bind (it refreshes what readers read, and waits behind
 * them for slots), though it is held to its own share while readers wait.
 * A client alone may use the fleet's whole budget (it still waits for the fleet's tokens, never refused for its
 * share), and is not charged for it: when another client comes, each starts from a full burst and turns go round.
 * Alone, it books the fleet's tokens no further ahead than the fleet's burst, and asks again for later ones
 * ({@link Take.Later}): a client that comes meanwhile waits behind that much of the lone one's work, not behind
 * loads it booked up to their deadline.
 *
 * @param share what fraction of the fleet's rate one client may use ({@code CLIENT_UPSTREAM_SHARE}, 0.25)
 * @param burst how many loads a client may start at once after a quiet spell ({@code CLIENT_UPSTREAM_BURST},
 *              {@code TELEGRAM_BURST})
 * @param othersWithin how recently another client must have asked for a token for the share to bind
 *                     ({@code CLIENT_UPSTREAM_WAITING_WINDOW}, 2 s)
 */
public record ClientShare(double share, int burst, Duration othersWithin) {

    public static final double DEFAULT_SHARE = 0.25;
    public static final Duration DEFAULT_OTHERS_WITHIN = Duration.ofSeconds(2);

    public ClientShare {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("CLIENT_UPSTREAM_SHARE must be in (0, 1]: " + share);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("CLIENT_UPSTREAM_BURST must be at least 1: " + burst);
        }
        Objects.requireNonNull(othersWithin, "othersWithin");
        if (othersWithin.isNegative() || othersWithin.isZero()) {
            throw new IllegalArgumentException("CLIENT_UPSTREAM_WAITING_WINDOW must be positive: " + othersWithin);
        }
    }

    /** A share binding while another client asked within {@link #DEFAULT_OTHERS_WITHIN}. */
    public ClientShare(double share, int burst) {
        this(share, burst, DEFAULT_OTHERS_WITHIN);
    }

    /** No bound beyond the fleet's: every client may spend the whole budget. */
    public static ClientShare unbounded() {
        return new ClientShare(1, 1);
    }

    /** The default share of {@code throttle}'s fleet, with its burst. */
    public static ClientShare defaults(ThrottleConfig throttle) {
        return new ClientShare(DEFAULT_SHARE, throttle.burst());
    }

    /** Whether a client is held to less than the fleet. */
    public boolean bounded() {
        return share < 1;
    }

    /** A client's rate of the fleet's {@code rate}. */
    double rateOf(double rate) {
        return rate * share;
    }
}
