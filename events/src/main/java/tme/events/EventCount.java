package tme.events;

import tme.redis.Counters;

/** What the event logs count, by metric name. */
enum EventCount implements Counters.Metric {
    /** Events appended by this process (the first to offer them). */
    PUBLISHED("events.published"),
    /** Events offered that were in the log already (another process, or an earlier load, appended them). */
    DEDUPLICATED("events.deduplicated"),
    /** Offered events that could not reach the log (Redis down): nothing advanced, the next offer repeats them. */
    PUBLISH_FAILURES("events.publish_failures"),
    /** Baseline offers to a log with no mark: the newest became the mark, nothing was appended. */
    BASELINES("events.baselines"),
    /** Marks this process wrote back after Redis lost its data (Redis held none, or a lower one). */
    MARKS_RESTORED("events.marks_restored"),
    /** Events this process appended again after Redis lost its data: appended or read here shortly before. */
    ENTRIES_RESTORED("events.entries_restored"),
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
