package tme.api.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.util.concurrent.FastThreadLocal;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.LongStream;

/**
 * {@code tme_http_requests_seconds{route, status, level}}: a histogram per route template, status and answering
 * level, with buckets at the SLO bounds only, and {@code tme_http_requests_seconds_max}, the slowest answer of the
 * last two minutes or so. Each thread records into its own {@link LoopTimings} (plain stores, no atomics, nothing
 * shared between cores: every event loop answers hits of the same few series); a scrape adds the threads' rows up,
 * as a collector in the registry's Prometheus registry, in the shape Micrometer's Timer had.
 */
final class RequestMeters implements MultiCollector {

    static final String NAME = "tme_http_requests_seconds";
    /** Bucket bounds: the latencies an SLO is written against, from an L1 hit (a millisecond) to a slow miss. */
    static final long[] BOUNDS_NANOS = LongStream.of(1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500)
            .map(TimeUnit.MILLISECONDS::toNanos).toArray();
    /** The status of an answer whose connection closed before it was sent (nginx's convention). */
    static final int CLIENT_CLOSED = 499;

    private static final int LOWEST_STATUS = 100;
    private static final int STATUSES = 500; // 100..599
    static final int SERIES = AnswerLevel.values().length * STATUSES;
    private static final double[] UPPER_BOUNDS = upperBounds();
    private static final String HELP = "Requests by route template, status and answering level (X-Cache),"
            + " and how long they took to answer";

    // Every thread's timings, made on its first request: the scrape walks them all (a thread that ended keeps its
    // counts, as counters never go back).
    private final Queue<LoopTimings> threads = new ConcurrentLinkedQueue<>();
    private final FastThreadLocal<LoopTimings> own = new FastThreadLocal<>() {
        @Override
        protected LoopTimings initialValue() {
            LoopTimings timings = new LoopTimings();
            threads.add(timings);
            return timings;
        }
    };

    RequestMeters(PrometheusMeterRegistry registry) {
        registry.getPrometheusRegistry().register(this);
    }

    /**
     * Records one answered request that started at {@code startedAt} ({@link System#nanoTime}, read again here for
     * its end); {@code route} is a template or {@link RouteTemplates#OTHER}.
     */
    void record(String route, int status, AnswerLevel level, long startedAt) {
        long endedAt = System.nanoTime();
        own.get().record(route, series(level, status), endedAt - startedAt, endedAt);
    }

    /** A series' place in a route's rows; Vert.x writes statuses in 100..599 only, anything else counts as a 500. */
    private static int series(AnswerLevel level, int status) {
        int known = status >= LOWEST_STATUS && status < LOWEST_STATUS + STATUSES ? status : 500;
        return level.ordinal() * STATUSES + known - LOWEST_STATUS;
    }

    @Override
    public MetricSnapshots collect() {
        Map<String, Map<Integer, Totals>> merged = new TreeMap<>();
        long now = System.nanoTime();
        for (LoopTimings thread : threads) {
            thread.routes.forEach((route, rows) -> addUp(merged.computeIfAbsent(route, r -> new TreeMap<>()), rows, now));
        }
        HistogramSnapshot.Builder histogram = HistogramSnapshot.builder().name(NAME).help(HELP);
        GaugeSnapshot.Builder slowest = GaugeSnapshot.builder().name(NAME + "_max").help(HELP);
        merged.forEach((route, series) -> series.forEach((index, totals) -> {
            Labels labels = labels(route, index);
            histogram.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(labels)
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(UPPER_BOUNDS, totals.buckets))
                    .sum(totals.sumNanos / 1e9).build());
            slowest.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels)
                    .value(totals.maxNanos / 1e9).build());
        }));
        return new MetricSnapshots(histogram.build(), slowest.build());
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of(NAME, NAME + "_max");
    }

    /** Requests recorded so far in one series, every thread's together (for tests and benchmarks). */
    long count(String route, int status, AnswerLevel level) {
        long count = 0;
        for (LoopTimings thread : threads) {
            AtomicReferenceArray<long[]> rows = thread.routes.get(route);
            long[] row = rows == null ? null : rows.get(series(level, status));
            if (row == null) {
                continue;
            }
            for (int bucket = 0; bucket < UPPER_BOUNDS.length; bucket++) {
                count += LoopTimings.read(row, bucket);
            }
        }
        return count;
    }

    private static void addUp(Map<Integer, Totals> series, AtomicReferenceArray<long[]> rows, long now) {
        for (int index = 0; index < rows.length(); index++) {
            long[] row = rows.get(index);
            if (row != null) {
                series.computeIfAbsent(index, i -> new Totals()).add(row, now);
            }
        }
    }

    /** One series' rows added up. */
    private static final class Totals {
        final long[] buckets = new long[UPPER_BOUNDS.length];
        long sumNanos;
        long maxNanos;

        void add(long[] row, long now) {
            for (int bucket = 0; bucket < buckets.length; bucket++) {
                buckets[bucket] += LoopTimings.read(row, bucket);
            }
            sumNanos += LoopTimings.read(row, LoopTimings.SUM);
            maxNanos = Math.max(maxNanos, LoopTimings.slowestSince(row, now));
        }
    }

    private static Labels labels(String route, int index) {
        AnswerLevel level = AnswerLevel.values()[index / STATUSES];
        return Labels.of("level", level.label(), "route", route,
                "status", Integer.toString(index % STATUSES + LOWEST_STATUS));
    }

    private static double[] upperBounds() {
        double[] bounds = new double[BOUNDS_NANOS.length + 1];
        for (int i = 0; i < BOUNDS_NANOS.length; i++) {
            bounds[i] = BOUNDS_NANOS[i] / 1e9;
        }
        bounds[BOUNDS_NANOS.length] = Double.POSITIVE_INFINITY;
        return bounds;
    }
}
