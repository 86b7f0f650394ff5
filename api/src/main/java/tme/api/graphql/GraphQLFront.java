package tme.api.graphql;

import graphql.GraphQL;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.parser.ParserOptions;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.graphql.ExecutionInputBuilderWithContext;
import io.vertx.ext.web.handler.graphql.GraphQLHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import tme.api.service.ChannelService;
import tme.api.service.FeedService;
import tme.api.service.PreviewsService;
import tme.redis.Counters;

/**
 * GraphQL over the same services as REST ({@code GET} and {@code POST /graphql}): the schema
 * ({@code schema.graphqls}, the REST JSON's shape and field names), its fetchers, its limits, and the per-request
 * state a query carries: its flow at the upstream gate, its previews DataLoader, and what it read, from which a GET
 * answer's {@code Cache-Control} is made. vertx-web-graphql's handler parses the request and writes the result.
 */
public final class GraphQLFront {

    private static final String SCHEMA = "tme/api/graphql/schema.graphqls";

    private final GraphQLHandler handler;
    private final InstantSource clock;
    private final PreviewBatches batches;
    private final Counters<Count> counts;
    private final ParserOptions parserOptions;
    private final DecodedCopies copies;
    private final AtomicLong queries = new AtomicLong();

    private GraphQLFront(GraphQL graphQL, GraphQLConfig config, InstantSource clock, PreviewBatches batches,
                         Counters<Count> counts, DecodedCopies copies) {
        this.clock = clock;
        this.copies = copies;
        this.batches = batches;
        this.counts = counts;
        this.parserOptions = ParserOptions.getDefaultOperationParserOptions().transform(
                options -> options.maxTokens(config.maxTokens()));
        this.handler = GraphQLHandler.builder(graphQL).beforeExecute(this::beforeExecute).build();
    }

    /** The schema wired to the services; decoded copies of stored answers are made on {@code workers}. */
    public static GraphQLFront create(ChannelService channels, PreviewsService previews, FeedService feeds,
                                      GraphQLConfig config, InstantSource clock, WorkerExecutor workers) {
        Counters<Count> counts = new Counters<>(Count.class, EnumSet.allOf(Count.class));
        DecodedCopies copies = DecodedCopies.bounded(config.decodedMb() * 1024L * 1024L, workers, counts);
        Fetchers fetchers = new Fetchers(channels, feeds, copies);
        GraphQL graphQL = GraphQL.newGraphQL(schema(fetchers))
                .instrumentation(new ChainedInstrumentation(List.of(new DepthLimit(config.maxDepth(), counts),
                        new CostLimit(config.maxCost(), counts), new ErrorCodes(counts))))
                .defaultDataFetcherExceptionHandler(new FetcherFailures())
                .build();
        return new GraphQLFront(graphQL, config, clock, new PreviewBatches(previews, counts), counts,
                copies);
    }

    /**
     * {@code GET /graphql?query=...} and {@code POST /graphql}: executes the query, then, as the headers go out,
     * says whether the edge may cache the answer ({@link QueryReads#cacheControl}).
     */
    public void handle(RoutingContext ctx) {
        counts.increment(Count.REQUESTS);
        QueryReads reads = new QueryReads(clock);
        ctx.put(QueryReads.class.getName(), reads);
        boolean get = ctx.request().method() == HttpMethod.GET;
        ctx.addHeadersEndHandler(ignored ->
                ctx.response().headers().set(HttpHeaders.CACHE_CONTROL, reads.cacheControl(get)));
        handler.handle(ctx);
    }

    /** The counters by metric name ({@code graphql.*}), and the heap the decoded copies hold. */
    public Map<String, Long> counters() {
        Map<String, Long> all = new java.util.TreeMap<>(counts.snapshot());
        all.put("graphql.decoded_bytes", copies.weightedBytes());
        return all;
    }

    /** Each request's own state: one flow for all its loads, a DataLoader for its previews, the size limit. */
    private void beforeExecute(ExecutionInputBuilderWithContext<RoutingContext> input) {
        String flow = "graphql#" + queries.incrementAndGet();
        QueryReads reads = input.context().get(QueryReads.class.getName());
        input.builder()
                .graphQLContext(Map.of(QueryState.class, new QueryState(flow, reads), ParserOptions.class, parserOptions))
                .dataLoaderRegistry(batches.forRequest(flow));
    }

    private static GraphQLSchema schema(Fetchers fetchers) {
        RuntimeWiring wiring = scalars()
                .type("Query", type -> type
                        .dataFetcher("body", fetchers.body())
                        .dataFetcher("more", fetchers.more())
                        .dataFetcher("post", fetchers.post())
                        .dataFetcher("preview", fetchers.preview())
                        .dataFetcher("previews", fetchers.previews())
                        .dataFetcher("feed", fetchers.feed())
                        .dataFetcher("search", fetchers.search()))
                .build();
        return new SchemaGenerator().makeExecutableSchema(types(), wiring);
    }

    /** The schema's types, from {@code schema.graphqls}. */
    static TypeDefinitionRegistry types() {
        return new SchemaParser().parse(sdl());
    }

    /** Wiring with the schema's own scalar ({@code Long}), to which the root fetchers are added. */
    static RuntimeWiring.Builder scalars() {
        return RuntimeWiring.newRuntimeWiring().scalar(LongScalar.TYPE);
    }

    private static String sdl() {
        try (InputStream in = GraphQLFront.class.getClassLoader().getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + SCHEMA);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
