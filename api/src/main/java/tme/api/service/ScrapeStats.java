package tme.api.service;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters for upstream surprises, so a t.me markup change shows up as a number before users report it.
 * Thread-safe: parsing runs on worker threads.
 */
public final class ScrapeStats {

    /** Pages that were neither a channel nor a known not-found page (markup change, captcha, empty 200). */
    private final LongAdder anomalies = new LongAdder();
    /** Posts that could only be parsed in part. */
    private final LongAdder oddPosts = new LongAdder();
    /** Pages parsed successfully. */
    private final LongAdder pagesParsed = new LongAdder();

    void anomaly() {
        anomalies.increment();
    }

    void parsed(int oddPostsOnPage) {
        pagesParsed.increment();
        oddPosts.add(oddPostsOnPage);
    }

    /** By metric name, for {@code GET /metrics}. */
    public Map<String, Long> snapshot() {
        return Map.of(
                "scrape.upstream_anomalies", anomalies.sum(),
                "scrape.odd_posts", oddPosts.sum(),
                "scrape.pages_parsed", pagesParsed.sum());
    }
}
