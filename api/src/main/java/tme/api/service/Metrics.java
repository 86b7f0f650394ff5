package tme.api.service;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import tme.scraper.fetch.TmeClient;

/**
 * Every named counter of the server in one snapshot: cache levels and Redis ({@code cache.*}, {@code redis.*}),
 * coalescing ({@code coalescing.*}), t.me ({@code upstream.*}) and the parser ({@code scrape.*}). Each degradation
 * the server survives (breaker open, local fallback, failed refresh, upstream anomaly) shows up here as a number;
 * {@code tme.api.metrics} serves them, under their Prometheus names, at {@code GET /metrics}.
 */
public final class Metrics {

    private final List<Supplier<? extends Map<String, Long>>> sources;

    public Metrics(List<Supplier<? extends Map<String, Long>>> sources) {
        this.sources = List.copyOf(sources);
    }

    /** All counters by metric name, read now; sources name their counters apart, so none overwrites another. */
    public SortedMap<String, Long> snapshot() {
        SortedMap<String, Long> all = new TreeMap<>();
        for (Supplier<? extends Map<String, Long>> source : sources) {
            all.putAll(source.get());
        }
        return all;
    }

    /** The t.me client's requests and outcomes by metric name. */
    public static Map<String, Long> upstream(TmeClient.Stats stats) {
        return Map.of(
                "upstream.requests", stats.requests(),
                "upstream.ok", stats.ok(),
                "upstream.not_found", stats.notFound(),
                "upstream.throttled", stats.throttled(),
                "upstream.failed", stats.failed(),
                "upstream.timed_out", stats.timedOut(),
                "upstream.intercepted", stats.intercepted(),
                "upstream.intercepted_429", stats.interceptedThrottled());
    }
}
