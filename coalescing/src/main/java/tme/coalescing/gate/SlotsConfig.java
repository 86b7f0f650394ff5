package tme.coalescing.gate;

/**
 * How many upstream requests this process sends at once, and how many may wait for a turn.
 *
 * <p>Two shares are derived from {@code maxConcurrency}, each at least one slot: one flow holds at most three
 * quarters of the slots ({@link #perFlow()}), so a flood from one channel or one big request always leaves room for
 * somebody else; background work holds at most half ({@link #forBackground()}), so refreshes never crowd out
 * readers who arrive later.
 *
 * @param maxConcurrency upstream requests in flight in this process at most ({@code TELEGRAM_MAX_CONCURRENCY}, 32)
 * @param queuePerSlot   waiting requests per slot at most ({@code UPSTREAM_QUEUE_LIMIT}, 16); past
 *                       {@code queuePerSlot x maxConcurrency} waiters a reader is refused at once (a fast 503).
 *                       Zero: nobody waits
 */
public record SlotsConfig(int maxConcurrency, int queuePerSlot) {

    public SlotsConfig {
        if (maxConcurrency < 1) {
            throw new IllegalArgumentException("TELEGRAM_MAX_CONCURRENCY must be positive: " + maxConcurrency);
        }
        if (queuePerSlot < 0) {
            throw new IllegalArgumentException("UPSTREAM_QUEUE_LIMIT must not be negative: " + queuePerSlot);
        }
        if ((long) queuePerSlot * maxConcurrency > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("UPSTREAM_QUEUE_LIMIT " + queuePerSlot + " x TELEGRAM_MAX_CONCURRENCY "
                    + maxConcurrency + " waiters is too many");
        }
    }

    public static SlotsConfig defaults() {
        return new SlotsConfig(32, 16);
    }

    /** Waiting requests at most, readers and background together. */
    public int maxWaiting() {
        return queuePerSlot * maxConcurrency;
    }

    /** Slots one flow holds at most: three quarters, rounded down, at least one. */
    public int perFlow() {
        return Math.max(1, maxConcurrency * 3 / 4);
    }

    /** Slots background work holds at most: half, rounded down, at least one. */
    public int forBackground() {
        return Math.max(1, maxConcurrency / 2);
    }
}
