package tme.bench.openloop;

import java.time.Duration;

/**
 * When each request should start: request {@code i} at {@code start + i / rate}, for {@code count} requests. The
 * first {@code warmupCount} are sent but not measured. Times are {@link System#nanoTime()} values.
 */
public record Schedule(long startNanos, double ratePerSecond, long warmupCount, long count) {

    public Schedule {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("the rate must be positive: " + ratePerSecond);
        }
        if (warmupCount < 0 || count < warmupCount) {
            throw new IllegalArgumentException("want 0 <= warm-up <= count: " + warmupCount + ", " + count);
        }
    }

    /** {@code rate} requests a second for {@code warmup} (not measured), then for {@code measured}. */
    public static Schedule of(long startNanos, double rate, Duration warmup, Duration measured) {
        long warmupCount = countIn(rate, warmup);
        return new Schedule(startNanos, rate, warmupCount, warmupCount + countIn(rate, measured));
    }

    private static long countIn(double rate, Duration span) {
        if (span.isNegative()) {
            throw new IllegalArgumentException("a negative duration: " + span);
        }
        return Math.round(rate * span.toNanos() / 1e9);
    }

    /** The intended start of request {@code i}: computed from {@code i}, never accumulated, so it cannot drift. */
    public long intendedStart(long i) {
        return startNanos + Math.round(i * 1e9 / ratePerSecond);
    }

    /** When measuring begins: the intended start of the first measured request. */
    public long measuredStart() {
        return intendedStart(warmupCount);
    }

    public boolean measured(long i) {
        return i >= warmupCount;
    }

    /** The measured span: from the first measured request's intended start to the end of the last one's slot. */
    public Duration measuredSpan() {
        return Duration.ofNanos(intendedStart(count) - measuredStart());
    }
}
