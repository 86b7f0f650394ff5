package tme.coalescing.refresh;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import org.HdrHistogram.Histogram;

/**
 * The schedule's lag (now minus the time a claimed name was due), as percentiles over the last one to two minutes:
 * two HdrHistograms, the current minute's and the one before, rotated on the injected clock. A p99 over everything
 * since start-up would stop moving after the first hour; one over the last scrape would depend on who scrapes.
 * Guarded by {@code this}: recording is a few nanoseconds, a few hundred times a second at most.
 */
final class LagHistogram {

    private static final Duration WINDOW = Duration.ofMinutes(1);
    // Lags longer than a day are recorded as a day: the p99 already says "very late".
    private static final long HIGHEST_MILLIS = Duration.ofDays(1).toMillis();

    private final InstantSource clock;
    private Histogram current = histogram();
    private Histogram previous = histogram();
    private Instant rotateAt;

    LagHistogram(InstantSource clock) {
        this.clock = clock;
        this.rotateAt = clock.instant().plus(WINDOW);
    }

    synchronized void record(Duration lag) {
        rotate();
        long millis = Math.min(Math.max(lag.toMillis(), 0), HIGHEST_MILLIS);
        current.recordValue(millis);
    }

    /** The lag at {@code percentile} (0..100) over the last one to two minutes, in millis; 0 without samples. */
    synchronized long percentileMillis(double percentile) {
        rotate();
        Histogram both = current.copy();
        both.add(previous);
        return both.getTotalCount() == 0 ? 0 : both.getValueAtPercentile(percentile);
    }

    private void rotate() {
        Instant now = clock.instant();
        if (now.isBefore(rotateAt)) {
            return;
        }
        boolean skippedAWindow = !now.isBefore(rotateAt.plus(WINDOW));
        previous = skippedAWindow ? histogram() : current;
        current = histogram();
        rotateAt = now.plus(WINDOW);
    }

    private static Histogram histogram() {
        return new Histogram(HIGHEST_MILLIS, 2);
    }
}
