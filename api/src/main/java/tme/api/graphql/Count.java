package tme.api.graphql;

import tme.redis.Counters;

/** The GraphQL front end's counters, by metric name. */
enum Count implements Counters.Metric {
    /** GraphQL requests executed (GET and POST; refused ones included). */
    REQUESTS("graphql.requests"),
    /** Requests refused for their depth, before any field ran. */
    REFUSED_DEPTH("graphql.refused.depth"),
    /** Requests refused for their size (tokens), before parsing finished. */
    REFUSED_SIZE("graphql.refused.size"),
    /** Requests refused for their cost (the t.me loads they may cause), before any field ran. */
    REFUSED_COST("graphql.refused.cost"),
    /** DataLoader batches of previews handed to the previews service, one per query level that asked for any. */
    PREVIEW_BATCHES("graphql.preview_batches"),
    /** Stored answers decoded for GraphQL: once per stored value while copies are kept, else once per read. */
    DECODED("graphql.decoded");

    private final String metricName;

    Count(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
