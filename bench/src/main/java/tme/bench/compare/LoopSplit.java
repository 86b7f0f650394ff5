package tme.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tme.bench.compare.Results.Line;
import tme.bench.compare.Table.Row;

/**
 * Part 6: with EVENT_LOOPS=2, hits against nginx with 2 workers, and how the server's event-loop threads shared the
 * CPU (from {@link ThreadCpu}) and the requests ({@code tme_http_event_loop_requests_total} in /metrics).
 */
final class LoopSplit {

    static final String EVENT_LOOP_THREADS = "vert.x-eventloo"; // the kernel keeps 15 characters of a name

    private LoopSplit() {}

    static List<Row> rows(Results r, List<ThreadCpu.Use> uses) {
        return r.last("loops", "CONFIG").map(config -> {
            Optional<Line> tme = r.last("loops.tme", "RESULT");
            Optional<Line> nginx = r.last("loops.nginx", "RESULT");
            String what = "EVENT_LOOPS=" + config.text("loops").orElse("2") + " against " + config.text("loops")
                    .orElse("2") + " nginx workers, hot key, identity, wrk -t " + config.text("threads").orElse("?")
                    + ": req/s (p50 / p99 / p99.9 ms); CPU per event-loop thread; requests per loop";
            String cell = Cells.closedLoop(tme) + "; " + cpu(uses, config) + "; " + requests(r.last("loops", "LOOPS"));
            return List.of(new Row("6", what, cell, Cells.closedLoop(nginx), Cells.closedLoopRatio(tme, nginx)));
        }).orElse(List.of());
    }

    /** {@code thread-0 0.45 cores (52%), thread-1 0.41 cores (48%)}. */
    static String cpu(List<ThreadCpu.Use> uses, Line config) {
        double seconds = config.numberOrZero("seconds");
        double hz = config.number("clk_tck").orElse(100.0);
        long total = uses.stream().mapToLong(ThreadCpu.Use::ticks).sum();
        if (uses.isEmpty() || seconds <= 0) {
            return "CPU split not measured";
        }
        List<String> parts = new ArrayList<>();
        for (ThreadCpu.Use use : uses) {
            parts.add(use.name() + " " + String.format(Locale.ROOT, "%.2f", use.ticks() / hz / seconds) + " cores ("
                    + Fmt.percent(use.ticks(), total) + ")");
        }
        return String.join(", ", parts);
    }

    /** {@code requests per loop 51% / 49%}, from the counters' growth over the run. */
    static String requests(Optional<Line> loops) {
        if (loops.isEmpty() || loops.get().fields().isEmpty()) {
            return "requests per loop not measured";
        }
        Map<String, String> counts = loops.get().fields();
        double total = counts.keySet().stream().mapToDouble(k -> loops.get().numberOrZero(k)).sum();
        List<String> shares = new ArrayList<>();
        counts.keySet().forEach(k -> shares.add(Fmt.percent(loops.get().numberOrZero(k), total)));
        return "requests per loop " + String.join(" / ", shares);
    }
}
