package tme.bench.openloop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import tme.bench.http.Response;

/**
 * What the measured requests of a run came to, recorded by the loop's one thread: latency from the
 * intended start to the last byte of the response, and the send lag (intended start to the moment the request was
 * written: how far the generator itself, or a full set of busy connections, was behind the schedule). In
 * microseconds, 3 significant digits. With windows, latencies are also kept per window of the intended start
 * times (the hot key read over several TTLs: p99 per TTL).
 */
final class Latencies implements Driver.Recorder {

    private static final long HIGHEST_MICROS = Duration.ofHours(1).toNanos() / 1000;

    private final Schedule schedule;
    private final long windowNanos; // 0: no windows
    private final Histogram latency = histogram();
    private final Histogram lag = histogram();
    private final Histogram[] windows;
    private long ok;
    private long notOk; // an answer, not 2xx
    private long ioErrors; // reset, closed early, malformed
    private long timeouts; // unsent within the timeout of the intended start, or unanswered within it of the send

    /** {@code window}: zero for none, else the measured span is cut into windows that long (the last may be short). */
    Latencies(Schedule schedule, Duration window) {
        this.schedule = schedule;
        this.windowNanos = window.toNanos();
        int count = windowNanos <= 0 ? 0 : (int) Math.ceilDiv(schedule.measuredSpan().toNanos(), windowNanos);
        windows = new Histogram[count];
        for (int i = 0; i < count; i++) {
            windows[i] = histogram();
        }
    }

    private static Histogram histogram() {
        return new Histogram(1, HIGHEST_MICROS, 3);
    }

    /** Request {@code i} was answered: its intended start, when it was written and when its response ended. */
    @Override
    public void answered(long i, long sentNanos, long endNanos, Response response) {
        if (!schedule.measured(i)) {
            return;
        }
        long intended = schedule.intendedStart(i);
        long micros = micros(endNanos - intended);
        latency.recordValue(micros);
        lag.recordValue(micros(sentNanos - intended));
        int window = windowOf(intended);
        if (window >= 0) {
            windows[window].recordValue(micros);
        }
        if (response.ok()) {
            ok++;
        } else {
            notOk++;
        }
    }

    @Override
    public void timedOut(long i) {
        if (schedule.measured(i)) {
            timeouts++;
        }
    }

    @Override
    public void failed(long i) {
        if (schedule.measured(i)) {
            ioErrors++;
        }
    }

    int windowCount() {
        return windows.length;
    }

    private int windowOf(long intended) {
        if (windows.length == 0) {
            return -1;
        }
        return (int) Math.min(windows.length - 1, (intended - schedule.measuredStart()) / windowNanos);
    }

    private static long micros(long nanos) {
        return Math.clamp(nanos / 1000, 1, HIGHEST_MICROS);
    }

    /**
     * The run's line: {@code OPENLOOP rate=.. seconds=.. requests=.. rps=.. p50_ms=.. p90_ms=.. p99_ms=.. p999_ms=..
     * max_ms=.. lag_p50_ms=.. (the same five for the lag) ok=.. errors_status=.. errors_io=.. timeouts=..
     * generator_cores=..}: {@code requests} were answered (any status), {@code rps} is answered over the measured
     * span, and {@code generator_cores} is the CPU the generator's process used over the run, in cores (near 1: it
     * could not keep up, and its lag is in the latencies).
     */
    String resultLine(double generatorCores) {
        double seconds = schedule.measuredSpan().toNanos() / 1e9;
        long answered = latency.getTotalCount();
        return String.format(Locale.ROOT, "OPENLOOP rate=%.1f seconds=%.2f requests=%d rps=%.1f %s %s ok=%d"
                        + " errors_status=%d errors_io=%d timeouts=%d generator_cores=%.2f",
                schedule.ratePerSecond(), seconds, answered, answered / seconds, percentiles("", latency),
                percentiles("lag_", lag), ok, notOk, ioErrors, timeouts, generatorCores);
    }

    /** A line per window: {@code INTERVAL index=.. requests=.. p50_ms=.. p90_ms=.. p99_ms=.. p999_ms=.. max_ms=..}. */
    List<String> windowLines() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < windows.length; i++) {
            lines.add(String.format(Locale.ROOT, "INTERVAL index=%d requests=%d %s", i, windows[i].getTotalCount(),
                    percentiles("", windows[i])));
        }
        return lines;
    }

    static String percentiles(String prefix, AbstractHistogram h) {
        return String.format(Locale.ROOT, "%1$sp50_ms=%2$.2f %1$sp90_ms=%3$.2f %1$sp99_ms=%4$.2f %1$sp999_ms=%5$.2f"
                        + " %1$smax_ms=%6$.2f", prefix, ms(h, 50), ms(h, 90), ms(h, 99), ms(h, 99.9),
                h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0);
    }

    private static double ms(AbstractHistogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }
}
