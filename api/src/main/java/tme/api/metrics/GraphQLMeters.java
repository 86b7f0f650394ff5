package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The GraphQL front end ({@code tme.api.graphql}): queries, refusals by limit, batches, decoded answers. */
final class GraphQLMeters {

    private static final String REFUSED = "GraphQL requests refused before any field ran, by the limit they broke"
            + " (GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_TOKENS, GRAPHQL_MAX_COST, GRAPHQL_MAX_FIELDS), or as their answer"
            + " passed GRAPHQL_MAX_RESPONSE_BYTES";

    private GraphQLMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("graphql.requests", "GraphQL requests executed, refused ones included"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "depth"), "graphql.refused.depth"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "size"), "graphql.refused.size"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "cost"), "graphql.refused.cost"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "fields"), "graphql.refused.fields"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "response"), "graphql.refused.response"),
                counter("graphql.shed", "GraphQL queries refused at once (503 overloaded): GRAPHQL_QUEUE_LIMIT queries"
                        + " waited for a thread already"),
                counter("graphql.timed_out", "GraphQL queries ended by GRAPHQL_TIMEOUT (query_timeout)"),
                gauge("graphql.queued", "GraphQL queries admitted and waiting for a query thread"),
                gauge("graphql.running", "GraphQL queries started and not finished (on a thread, or waiting for a"
                        + " load on none)"),
                counter("graphql.fields", "GraphQL fields resolved"),
                counter("graphql.fields_on_loop", "GraphQL fields resolved on an event loop: a bug if ever above 0"),
                counter("graphql.preview_batches", "Batches of previews one query level asked for at once"),
                counter("graphql.decoded", "Stored answers decoded for GraphQL and the feed builds (once per value"
                        + " while MEMORY_CACHE_DECODED_MB keeps copies)"),
                gauge("tme.graphql.decoded.copies", "Heap the decoded answers GraphQL and the feed builds keep hold,"
                        + " against MEMORY_CACHE_DECODED_MB", Tags.empty(), "graphql.decoded_bytes").inBytes());
    }
}
