package tme.api.http;

/**
 * One client's token bucket: {@code burst} requests at once, then one every {@code 1/rate} seconds. The GCRA of
 * the upstream gate's {@code LocalBucket}, in plain nanoseconds of the injected clock rather than {@code Instant}s,
 * answering "now or in how long" instead of reserving a later token: a refused request is answered at once with
 * that wait as {@code Retry-After}, and takes nothing.
 */
final class ClientBucket {

    private final long intervalNanos;
    private final long toleranceNanos;
    // Guarded by this: when the next token is due; tokens may be taken up to the tolerance (burst - 1 tokens) early.
    private long nextArrival = Long.MIN_VALUE;

    ClientBucket(double rate, int burst) {
        this.intervalNanos = Math.max(1, Math.round(1e9 / rate));
        this.toleranceNanos = (burst - 1) * intervalNanos;
    }

    /** Takes a token at {@code nowNanos}: 0 when granted, else the nanoseconds until one would be. */
    synchronized long take(long nowNanos) {
        long arrival = Math.max(nextArrival, nowNanos);
        long allowedAt = arrival - toleranceNanos;
        if (allowedAt > nowNanos) {
            return allowedAt - nowNanos;
        }
        nextArrival = arrival + intervalNanos;
        return 0;
    }

    /** How long a bucket must sit idle to be full again: past that, forgetting it loses nothing. */
    long refillNanos() {
        return toleranceNanos + intervalNanos;
    }
}
