package tme.coalescing.refresh;

import tme.redis.Counters;

/** The refresh schedule's and the refresher's counters, by metric name (gauges are added where they are read). */
enum RefreshCount implements Counters.Metric {
    /** Names sent to Redis as asked for (after this process's own dedupe within {@code askedEvery}). */
    ASKED("refresh.asked"),
    /** Names Redis had not scheduled yet: due at once. */
    REGISTERED("refresh.registered"),
    /** Names put back into the schedule after Redis lost its data (this process had registered them). */
    RESTORED("refresh.restored"),
    /** Registrations or load times lost because Redis could not be asked (the next ask repeats them). */
    UNREACHED_WRITES("refresh.redis.unreached_writes"),
    /** Claims that could not reach Redis: the round claimed nothing. */
    UNREACHED_CLAIMS("refresh.redis.unreached_claims"),
    /** Names claimed by this worker. */
    CLAIMED("refresh.claimed"),
    /** Due names left alone because a process loaded them within the last half interval. */
    SKIPPED_RECENT("refresh.skipped_recent"),
    /** Names dropped because nobody asked for them for {@code REFRESH_IDLE}. */
    DROPPED_IDLE("refresh.dropped_idle"),
    REFRESHED("refresh.outcome.refreshed"),
    THROTTLED("refresh.outcome.throttled"),
    FAILED("refresh.outcome.failed"),
    /** Names upstream says no longer exist: dropped. */
    GONE("refresh.outcome.gone"),
    /** Refreshes whose future failed (a bug in the caller's {@link Refresh}), counted as failed too. */
    BUGS("refresh.bugs"),
    /** Names a stopping worker handed back unfinished, due at once for another worker. */
    ABANDONED("refresh.abandoned"),
    /**
     * Reschedules refused because this worker no longer held the name: its claim lapsed and another worker took it,
     * or the name went idle (no feed asked for it within {@code REFRESH_IDLE}) and the claim script dropped it.
     */
    CLAIMS_LOST("refresh.claims_lost");

    private final String metricName;

    RefreshCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
