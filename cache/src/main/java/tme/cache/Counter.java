package tme.cache;

/** The cache's and the Redis link's counters, by metric name. */
enum Counter implements Counters.Metric {
    L1_HITS("cache.l1.hits"),
    L2_HITS("cache.l2.hits"),
    MISSES("cache.misses"),
    PUTS("cache.puts"),
    REDIS_BREAKER_OPENED("redis.breaker.opened"),
    REDIS_ERRORS("redis.errors"),
    REDIS_TIMEOUTS("redis.timeouts"),
    REDIS_BYPASSED("redis.bypassed"),
    REDIS_POOL_WAITS("redis.pool.waits"),
    REDIS_UNREADABLE("redis.unreadable.values");

    private final String metricName;

    Counter(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
