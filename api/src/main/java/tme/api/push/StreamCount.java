package tme.api.push;

import tme.redis.Counters;

/** What the SSE streams count, by metric name. */
enum StreamCount implements Counters.Metric {
    OPENED("streams.opened"),
    /** Refused with 503: the server held {@code STREAM_MAX_CLIENTS} streams. */
    REFUSED_FULL("streams.refused_full"),
    /** Refused with 429: the client held {@code STREAM_MAX_PER_CLIENT} streams. */
    REFUSED_CLIENT("streams.refused_client"),
    /** Events written ({@code event: post}, {@code edited}, {@code deleted}). */
    EVENTS_SENT("streams.events_sent"),
    /** Streams closed because the client did not read fast enough (its write queue full). */
    DROPPED_SLOW("streams.dropped_slow"),
    /** Resumes ended with a {@code retry:}: the log could not be read after every catch-up attempt. */
    RESUMES_REFUSED("streams.resumes_refused");

    private final String metricName;

    StreamCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
