package tme.api.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One thread's request timings: for each series (route template, answering level, status) a row of plain longs
 * that only this thread writes, so recording a request takes no atomic instruction and no cache line is shared with
 * another core (a Micrometer Timer shared by every loop cost 311 ns a record with two threads on one series,
 * {@code RequestMetersBenchmark}). The scrape reads every thread's rows and adds them up ({@link RequestMeters}).
 *
 * <p>A row: the count of each bucket ({@link RequestMeters#BOUNDS_NANOS}, then one past the last bound), the sum of
 * the durations, and the slowest of the current and the previous window of {@link #WINDOW_SHIFT} (about 69 s). Its
 * owner writes each cell with {@code setOpaque} (a plain store on x86) and the scrape reads with {@code getOpaque}:
 * no torn or never-seen values, and no ordering between cells (a scrape may see a count without its sum, which the
 * next scrape shows).
 */
final class LoopTimings {

    /** A window is 2^36 ns (68.7 s) of {@link System#nanoTime}: the max shown covers the last 69 to 137 s. */
    static final int WINDOW_SHIFT = 36;

    static final int SUM = RequestMeters.BOUNDS_NANOS.length + 1;
    static final int WINDOW = SUM + 1;
    static final int MAX = WINDOW + 1;
    static final int PREVIOUS_MAX = MAX + 1;
    static final int ROW = PREVIOUS_MAX + 1;

    private static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);

    // Route template -> rows by series index (RequestMeters.series); rows are made by the owner and published
    // through the array (a volatile write), the map lets the scrape walk the routes.
    final Map<String, AtomicReferenceArray<long[]>> routes = new ConcurrentHashMap<>();

    /** Records one request of {@code nanos} that ended at {@code endedAt} ({@link System#nanoTime}); owner only. */
    void record(String route, int series, long nanos, long endedAt) {
        AtomicReferenceArray<long[]> rows = routes.get(route);
        if (rows == null) {
            rows = routes.computeIfAbsent(route, ignored -> new AtomicReferenceArray<>(RequestMeters.SERIES));
        }
        long[] row = rows.getPlain(series);
        if (row == null) {
            row = new long[ROW];
            row[WINDOW] = endedAt >> WINDOW_SHIFT;
            rows.set(series, row);
        }
        add(row, bucket(nanos), 1);
        add(row, SUM, nanos);
        slowest(row, nanos, endedAt >> WINDOW_SHIFT);
    }

    private static void slowest(long[] row, long nanos, long window) {
        long current = row[WINDOW];
        if (window != current) {
            CELLS.setOpaque(row, PREVIOUS_MAX, window == current + 1 ? row[MAX] : 0L);
            CELLS.setOpaque(row, MAX, 0L);
            CELLS.setOpaque(row, WINDOW, window);
        }
        if (nanos > row[MAX]) {
            CELLS.setOpaque(row, MAX, nanos);
        }
    }

    private static void add(long[] row, int cell, long amount) {
        CELLS.setOpaque(row, cell, row[cell] + amount);
    }

    /** The first bucket whose bound {@code nanos} does not pass; one past the last for the slowest. */
    static int bucket(long nanos) {
        long[] bounds = RequestMeters.BOUNDS_NANOS;
        int i = 0;
        while (i < bounds.length && nanos > bounds[i]) {
            i++;
        }
        return i;
    }

    /** A cell of a row, as another thread reads it. */
    static long read(long[] row, int cell) {
        return (long) CELLS.getOpaque(row, cell);
    }

    /** The slowest request of the row in the window {@code now} is in and the one before it. */
    static long slowestSince(long[] row, long now) {
        long window = now >> WINDOW_SHIFT;
        long written = read(row, WINDOW);
        if (written == window) {
            return Math.max(read(row, MAX), read(row, PREVIOUS_MAX));
        }
        return written == window - 1 ? read(row, MAX) : 0L;
    }
}
