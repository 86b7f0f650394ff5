package tme.events;

import tme.redis.Counters;

/** What the event logs count, by metric name. */
enum EventCount implements Counters.Metric {
    /** Events appended by this process (the first to offer them). */
    PUBLISHED("events.published"),
    /** Events offered that were in the log already (another process, or an earlier load, appended them). */
    DEDUPLICATED("events.deduplicated"),
    /** Appends that could not reach the log (Redis down): those events are lost to readers. */
    PUBLISH_FAILURES("events.publish_failures"),
    /** Reads that could not reach the log; the reader tries again from the same position. */
    READ_FAILURES("events.read_failures");

    private final String metricName;

    EventCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
