package tme.cache;

import tme.redis.Counters;

/** The cache's counters, by metric name (the Redis link counts its own, {@code redis.*}). */
enum Counter implements Counters.Metric {
    L1_HITS("cache.l1.hits"),
    L2_HITS("cache.l2.hits"),
    MISSES("cache.misses"),
    PUTS("cache.puts"),
    /** Capped L1 copies checked against L2 in the background, near their cap. */
    L1_CHECKS("cache.l1.checks"),
    /** L1 copies replaced by a newer value another process wrote to L2 and published (one Redis, not a Cluster). */
    L1_PUSHED("cache.l1.pushed");

    private final String metricName;

    Counter(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
