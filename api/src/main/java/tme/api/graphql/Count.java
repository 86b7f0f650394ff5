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
    /** Requests refused for the fields they may resolve ({@code GRAPHQL_MAX_FIELDS}), before any field ran. */
    REFUSED_FIELDS("graphql.refused.fields"),
    /** Answers refused for their size ({@code GRAPHQL_MAX_RESPONSE_BYTES}), the encoding stopped at the bound. */
    REFUSED_RESPONSE("graphql.refused.response"),
    /** Queries refused at once because {@code GRAPHQL_QUEUE_LIMIT} queries waited for a thread already (503). */
    SHED("graphql.shed"),
    /** Queries ended by their deadline ({@code GRAPHQL_TIMEOUT}), their wait for a thread included. */
    TIMED_OUT("graphql.timed_out"),
    /** Fields resolved. */
    FIELDS("graphql.fields"),
    /** Fields resolved on an event loop: a bug if ever above 0 (every query's work runs on the query threads). */
    FIELDS_ON_LOOP("graphql.fields_on_loop"),
    /** DataLoader batches of previews handed to the previews service, one per query level that asked for any. */
    PREVIEW_BATCHES("graphql.preview_batches");

    private final String metricName;

    Count(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
