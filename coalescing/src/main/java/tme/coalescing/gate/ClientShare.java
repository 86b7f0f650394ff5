package tme.coalescing.gate;

/**
 * How much of the fleet's budget one client may spend: at most {@code share} of {@code TELEGRAM_RATE}, with a burst
 * of its own, counted in the same Redis round trip as the fleet's budget (a bucket per client next to the fleet's),
 * or in a local bucket per client without Redis. A load over its client's share is refused at once
 * ({@link Refusal#CLIENT_SHARE}), never queued: it would only wait for tokens the others need. A share of 1 bounds
 * nothing beyond the fleet's own budget.
 *
 * @param share what fraction of the fleet's rate one client may use ({@code CLIENT_UPSTREAM_SHARE}, 0.25)
 * @param burst how many loads a client may start at once after a quiet spell ({@code CLIENT_UPSTREAM_BURST},
 *              {@code TELEGRAM_BURST})
 */
public record ClientShare(double share, int burst) {

    public static final double DEFAULT_SHARE = 0.25;

    public ClientShare {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("CLIENT_UPSTREAM_SHARE must be in (0, 1]: " + share);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("CLIENT_UPSTREAM_BURST must be at least 1: " + burst);
        }
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
