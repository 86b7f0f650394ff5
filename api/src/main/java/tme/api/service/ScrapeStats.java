package tme.api.service;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import tme.scraper.parse.Anomaly;

/**
 * Counters for upstream surprises, so a t.me markup change shows up as a number before users report it.
 * Thread-safe: parsing runs on worker threads.
 */
public final class ScrapeStats {

    /** Pages we would not store as truth, by why: captcha, challenge, empty, truncated, posts missing, ... */
    private final Map<Anomaly, LongAdder> anomalies = new EnumMap<>(Anomaly.class);
    /** Posts that could only be parsed in part. */
    private final LongAdder oddPosts = new LongAdder();
    /** Pages parsed successfully. */
    private final LongAdder pagesParsed = new LongAdder();

    public ScrapeStats() {
        for (Anomaly kind : Anomaly.values()) {
            anomalies.put(kind, new LongAdder());
        }
    }

    void anomaly(Anomaly kind) {
        anomalies.get(kind).increment();
    }

    void parsed(int oddPostsOnPage) {
        pagesParsed.increment();
        oddPosts.add(oddPostsOnPage);
    }

    /**
     * By metric name, for {@code GET /metrics}: {@code scrape.upstream_anomalies} (all of them) and
     * {@code scrape.anomalies.<kind>} for each kind.
     */
    public Map<String, Long> snapshot() {
        Map<String, Long> all = new TreeMap<>();
        long total = 0;
        for (Map.Entry<Anomaly, LongAdder> entry : anomalies.entrySet()) {
            long count = entry.getValue().sum();
            all.put("scrape.anomalies." + entry.getKey().metricName(), count);
            total += count;
        }
        all.put("scrape.upstream_anomalies", total);
        all.put("scrape.odd_posts", oddPosts.sum());
        all.put("scrape.pages_parsed", pagesParsed.sum());
        return all;
    }
}
