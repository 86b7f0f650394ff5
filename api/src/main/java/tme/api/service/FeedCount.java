package tme.api.service;

import tme.redis.Counters;

/** The feed's counters, by metric name. */
enum FeedCount implements Counters.Metric {
    /** Feed requests (REST and GraphQL), answered from a built feed or waiting for one. */
    REQUESTS("feed.requests"),
    /** Feeds built, ranked and rendered in this process: once per distinct feed per lifetime, however many ask. */
    BUILDS("feed.builds"),
    /** Channels a build could not read (unknown, t.me failing, shed), each listed in the feed's errors. */
    CHANNEL_ERRORS("feed.channel_errors");

    private final String metricName;

    FeedCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
