package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The GraphQL front end ({@code tme.api.graphql}): queries, refusals by limit, batches, decoded answers. */
final class GraphQLMeters {

    private static final String REFUSED = "GraphQL requests refused before any field ran, by the limit they broke"
            + " (GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_TOKENS, GRAPHQL_MAX_COST)";

    private GraphQLMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("graphql.requests", "GraphQL requests executed, refused ones included"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "depth"), "graphql.refused.depth"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "size"), "graphql.refused.size"),
                counter("tme.graphql.refused", REFUSED, Tags.of("limit", "cost"), "graphql.refused.cost"),
                counter("graphql.preview_batches", "Batches of previews one query level asked for at once"),
                counter("graphql.decoded", "Stored answers decoded for GraphQL (once per value while"
                        + " MEMORY_CACHE_DECODED_MB keeps copies)"),
                gauge("tme.graphql.decoded.copies", "Heap the decoded answers GraphQL keeps hold, against"
                        + " MEMORY_CACHE_DECODED_MB", Tags.empty(), "graphql.decoded_bytes").inBytes());
    }
}
