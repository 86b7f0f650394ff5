package tme.bench.mixed;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import tme.bench.http.Response;
import tme.bench.openloop.Driver;
import tme.bench.openloop.Schedule;

/**
 * The measured requests of a mixed run, per route class and per {@link Level}: latency from the request's intended
 * start (its slot in the schedule) to the last byte of its answer, so a request that waited for a free connection,
 * or behind a stalled server, is charged for the wait (coordinated omission corrected, as in
 * {@link tme.bench.openloop.OpenLoop}). Microseconds, 3 significant digits. Touched by the loop's one thread only.
 */
public final class MixLatencies implements Driver.Recorder {

    private static final long HIGHEST_MICROS = Duration.ofHours(1).toNanos() / 1000;
    private static final int CLASSES = RouteClass.values().length;
    private static final int ALL = CLASSES; // the row of every class together

    private final Schedule schedule;
    private final MixPlan plan;
    private final Histogram[][] latency = new Histogram[CLASSES + 1][Level.values().length];
    private final Histogram[] anyLevel = new Histogram[CLASSES + 1];
    private final Histogram lag = new Histogram(1, HIGHEST_MICROS, 3); // intended start to send
    // Every class together, by the X-Cache value as sent: a fleet's L1 and L2 hits apart, which Level joins.
    private final Map<String, Histogram> byValue = new TreeMap<>();
    private final long[] notOk = new long[CLASSES + 1]; // answered, not 2xx
    private final long[] ioErrors = new long[CLASSES + 1];
    private final long[] timeouts = new long[CLASSES + 1];

    public MixLatencies(Schedule schedule, MixPlan plan) {
        this.schedule = schedule;
        this.plan = plan;
        for (int c = 0; c <= CLASSES; c++) {
            anyLevel[c] = new Histogram(1, HIGHEST_MICROS, 3);
            for (Level level : Level.values()) {
                latency[c][level.ordinal()] = new Histogram(1, HIGHEST_MICROS, 3);
            }
        }
    }

    @Override
    public void answered(long i, long sentNanos, long endNanos, Response response) {
        if (!schedule.measured(i)) {
            return;
        }
        long intended = schedule.intendedStart(i);
        long micros = Math.clamp((endNanos - intended) / 1000, 1, HIGHEST_MICROS);
        lag.recordValue(Math.clamp((sentNanos - intended) / 1000, 1, HIGHEST_MICROS));
        int c = plan.classOf(i).ordinal();
        int level = Level.of(response.cache()).ordinal();
        if (!response.cache().isEmpty()) {
            byValue.computeIfAbsent(response.cache(), value -> new Histogram(1, HIGHEST_MICROS, 3)).recordValue(micros);
        }
        for (int row : new int[] {c, ALL}) {
            latency[row][level].recordValue(micros);
            anyLevel[row].recordValue(micros);
            if (!response.ok()) {
                notOk[row]++;
            }
        }
    }

    @Override
    public void timedOut(long i) {
        if (schedule.measured(i)) {
            timeouts[plan.classOf(i).ordinal()]++;
            timeouts[ALL]++;
        }
    }

    @Override
    public void failed(long i) {
        if (schedule.measured(i)) {
            ioErrors[plan.classOf(i).ordinal()]++;
            ioErrors[ALL]++;
        }
    }

    /** Answers measured, of every class and status. */
    public long answered() {
        return anyLevel[ALL].getTotalCount();
    }

    /**
     * How late requests were sent (a busy set of connections, or a generator short of CPU): {@code lag_p50_ms=..
     * lag_p99_ms=.. lag_p999_ms=.. lag_max_ms=..}.
     */
    public String lagLine() {
        return percentiles("lag_", lag);
    }

    /**
     * A line per route class that had requests, then {@code CLASS name=all}: {@code CLASS name=.. requests=..
     * non2xx=.. errors_io=.. timeouts=.. hits=.. misses=.. unclassified=.. p50_ms=.. p99_ms=.. p999_ms=..
     * max_ms=..} and the same four with the prefixes {@code hit_} and {@code miss_}.
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (int c = 0; c <= CLASSES; c++) {
            if (c == ALL || anyLevel[c].getTotalCount() + timeouts[c] + ioErrors[c] > 0) {
                lines.add(line(c == ALL ? "all" : RouteClass.values()[c].label(), c));
            }
        }
        return lines;
    }

    /**
     * A line per {@code X-Cache} value answered, every class together: {@code CACHE value=l1 requests=.. p50_ms=..
     * p99_ms=.. p999_ms=.. max_ms=..}.
     */
    public List<String> cacheLines() {
        return byValue.entrySet().stream().map(e -> String.format(Locale.ROOT, "CACHE value=%s requests=%d %s",
                e.getKey(), e.getValue().getTotalCount(), percentiles("", e.getValue()))).toList();
    }

    private String line(String name, int c) {
        Histogram[] levels = latency[c];
        return String.format(Locale.ROOT, "CLASS name=%s requests=%d non2xx=%d errors_io=%d timeouts=%d hits=%d"
                        + " misses=%d unclassified=%d %s %s %s", name, anyLevel[c].getTotalCount(), notOk[c],
                ioErrors[c], timeouts[c], levels[Level.HIT.ordinal()].getTotalCount(),
                levels[Level.MISS.ordinal()].getTotalCount(), levels[Level.NONE.ordinal()].getTotalCount(),
                percentiles("", anyLevel[c]), percentiles("hit_", levels[Level.HIT.ordinal()]),
                percentiles("miss_", levels[Level.MISS.ordinal()]));
    }

    static String percentiles(String prefix, Histogram h) {
        return String.format(Locale.ROOT, "%1$sp50_ms=%2$.2f %1$sp99_ms=%3$.2f %1$sp999_ms=%4$.2f %1$smax_ms=%5$.2f",
                prefix, ms(h, 50), ms(h, 99), ms(h, 99.9), h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0);
    }

    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }
}
