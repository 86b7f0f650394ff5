package tme.api.graphql;

import graphql.GraphQL;
import graphql.execution.DataFetcherResult;
import graphql.schema.idl.SchemaGenerator;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import tme.cache.Stored;
import tme.api.render.DecodedCopies;
import tme.api.render.StoredJson;

/**
 * Lets the benchmarks ({@code tme.bench}) measure the GraphQL front end's own hit path, package-private in the api:
 * decoding a stored answer, looking up its kept decoded copy, and executing a query over it. Lives in the bench
 * module, in the api's package (as {@code tme.api.http.BenchAccess}), so the api exposes nothing for them.
 */
public final class GraphQLBenchAccess {

    private GraphQLBenchAccess() {}

    /** {@link StoredJson#decode} of the stored bytes (decompressed first): what a hit costs without kept copies. */
    public static Object decode(Stored stored) {
        return StoredJson.decode(stored.raw());
    }

    /** {@link DecodedCopies} bounded to {@code maxBytes}; each call waits for its copy (at once once kept). */
    public static Function<Stored, Object> keptCopies(long maxBytes, WorkerExecutor workers) {
        DecodedCopies copies = DecodedCopies.bounded(maxBytes, workers);
        return stored -> {
            try {
                return copies.of(stored).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** The production schema, its {@code body} field answering {@code tree} as a root fetcher hands it on. */
    public static GraphQL answering(Object tree) {
        return GraphQL.newGraphQL(new SchemaGenerator().makeExecutableSchema(GraphQLFront.types(), GraphQLFront.scalars()
                .type("Query", type -> type.dataFetcher("body", env -> DataFetcherResult.newResult().data(tree).build()))
                .build())).build();
    }
}
