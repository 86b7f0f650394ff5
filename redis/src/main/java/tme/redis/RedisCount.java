package tme.redis;

/** What the link counts, by metric name: every way Redis can fail us, so a degradation shows as a number. */
enum RedisCount implements Counters.Metric {
    BREAKER_OPENED("redis.breaker.opened"),
    /** Commands whose connection failed or broke. */
    ERRORS("redis.errors"),
    /** Commands Redis did not answer before their deadline. */
    TIMEOUTS("redis.timeouts"),
    /** Commands not sent because the breaker was open. */
    BYPASSED("redis.bypassed"),
    /** Commands that found every pooled connection busy until their deadline. */
    POOL_WAITS("redis.pool.waits"),
    /** Values read that no reader could decode (another version's layout, foreign data). */
    UNREADABLE("redis.unreadable.values"),
    /** Times this process found Redis had lost its data ({@link Generation}). */
    WIPES("redis.wipes");

    private final String metricName;

    RedisCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
