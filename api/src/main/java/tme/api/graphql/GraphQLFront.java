package tme.api.graphql;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.parser.ParserOptions;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import io.vertx.core.Context;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import tme.api.problem.Problem;
import tme.api.problem.Refused;
import tme.api.render.DecodedCopies;
import tme.api.service.ChannelService;
import tme.api.service.FeedService;
import tme.api.service.HistoryWalk;
import tme.api.service.PreviewsService;
import tme.coalescing.Asker;
import tme.redis.Counters;

/**
 * GraphQL over the same services as REST ({@code GET} and {@code POST /graphql}): the schema
 * ({@code schema.graphqls}, the REST JSON's shape and field names), its fetchers, its limits, and the per-request
 * state a query carries: its flow at the upstream gate, its previews DataLoader, and what it read, from which a GET
 * answer's {@code Cache-Control} is made.
 *
 * <p>The event loop only reads the request ({@link QueryRequest}) and writes the answer's bytes; parsing, validation,
 * execution and encoding run on {@link QueryThreads} ({@code GRAPHQL_CONCURRENCY}), which admit at most
 * {@code GRAPHQL_QUEUE_LIMIT} waiting queries (past it a fast 503 {@code overloaded}) and end a query at its
 * deadline ({@code GRAPHQL_TIMEOUT}: {@code query_timeout}). A query's price is checked before any field runs: its
 * depth, tokens, loads ({@code GRAPHQL_MAX_COST}) and estimated fields ({@code GRAPHQL_MAX_FIELDS}); its answer's
 * size as it is written ({@code GRAPHQL_MAX_RESPONSE_BYTES}).
 */
public final class GraphQLFront implements AutoCloseable {

    private static final String SCHEMA = "tme/api/graphql/schema.graphqls";
    private static final String JSON = "application/json";
    /** A shed query may come back in a second: a query of a real client's size takes milliseconds. */
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    private static final System.Logger LOG = System.getLogger(GraphQLFront.class.getName());

    private final GraphQL graphQL;
    private final GraphQLConfig config;
    private final InstantSource clock;
    private final PreviewBatches batches;
    private final Counters<Count> counts;
    private final ParserOptions parserOptions;
    private final DecodedCopies copies;
    private final QueryThreads threads;
    private final Function<RoutingContext, String> clients;

    private GraphQLFront(GraphQL graphQL, GraphQLConfig config, InstantSource clock, PreviewBatches batches,
                         Counters<Count> counts, DecodedCopies copies, QueryThreads threads,
                         Function<RoutingContext, String> clients) {
        this.clients = clients;
        this.graphQL = graphQL;
        this.config = config;
        this.clock = clock;
        this.copies = copies;
        this.batches = batches;
        this.counts = counts;
        this.threads = threads;
        this.parserOptions = ParserOptions.getDefaultOperationParserOptions().transform(
                options -> options.maxTokens(config.maxTokens()));
    }

    /**
     * The schema wired to the services; fields read stored answers through {@code copies} (shared with the feed
     * builds), and a query's own work runs on {@code workers}.
     */
    public static GraphQLFront create(ChannelService channels, PreviewsService previews, FeedService feeds,
                                      GraphQLConfig config, InstantSource clock, WorkerExecutor workers,
                                      DecodedCopies copies) {
        return create(channels, previews, feeds, config, clock, workers, copies,
                ctx -> ctx.request().remoteAddress().hostAddress());
    }

    /** As above; {@code clients} names who a request is from, as the upstream gate shares between clients. */
    public static GraphQLFront create(ChannelService channels, PreviewsService previews, FeedService feeds,
                                      GraphQLConfig config, InstantSource clock, WorkerExecutor workers,
                                      DecodedCopies copies, Function<RoutingContext, String> clients) {
        Counters<Count> counts = new Counters<>(Count.class, EnumSet.allOf(Count.class));
        Fetchers fetchers = new Fetchers(channels, feeds, copies);
        PostConnections connections = new PostConnections(new HistoryWalk(channels), workers);
        QueryThreads threads = new QueryThreads(config.concurrency(), config.queueLimit());
        GraphQL graphQL = GraphQL.newGraphQL(schema(fetchers, connections))
                .instrumentation(new ChainedInstrumentation(List.of(new DepthLimit(config.maxDepth(), counts),
                        new CostLimit(config.maxCost(), counts), new FieldEstimate(config.maxFields(), counts),
                        new ErrorCodes(counts), new QueryWatch(threads, counts))))
                .defaultDataFetcherExceptionHandler(new FetcherFailures())
                .preparsedDocumentProvider(new ParsedQueries())
                .build();
        return new GraphQLFront(graphQL, config, clock, new PreviewBatches(previews, counts), counts,
                copies, threads, clients);
    }

    /**
     * {@code GET /graphql?query=...} and {@code POST /graphql}: reads the request, hands the query to a query
     * thread, and writes its answer; as the headers go out, says whether the edge may cache the answer
     * ({@link QueryReads#cacheControl}).
     */
    public void handle(RoutingContext ctx) {
        counts.increment(Count.REQUESTS);
        QueryRequest request;
        try {
            request = QueryRequest.read(ctx);
        } catch (QueryRequest.Unreadable unreadable) {
            ctx.fail(unreadable.status(), unreadable);
            return;
        }
        QueryReads reads = new QueryReads(clock);
        boolean get = ctx.request().method() == HttpMethod.GET;
        Context loop = ctx.vertx().getOrCreateContext();
        QueryRun run = new QueryRun();
        QueryState state = new QueryState(Asker.forRequest(clients.apply(ctx), "graphql"), reads, run);
        if (!threads.admit(() -> execute(request, state)
                .whenComplete((bytes, failure) -> {
                    threads.finished();
                    loop.runOnContext(ignored -> answer(ctx, run, bytes));
                }))) {
            counts.increment(Count.SHED);
            ctx.fail(new Refused(Problem.queriesOverloaded(RETRY_AFTER)));
            return;
        }
        ctx.addHeadersEndHandler(ignored ->
                ctx.response().headers().set(HttpHeaders.CACHE_CONTROL, reads.cacheControl(get)));
        run.deadline(ctx.vertx().setTimer(config.timeout().toMillis(), id -> timedOut(ctx, run, reads)));
    }

    /** The counters by metric name ({@code graphql.*}), the queries waiting and running, the decoded copies' heap. */
    public Map<String, Long> counters() {
        Map<String, Long> all = new java.util.TreeMap<>(counts.snapshot());
        all.put("graphql.decoded", copies.decodes());
        all.put("graphql.decoded_bytes", copies.weightedBytes());
        all.put("graphql.queued", (long) threads.queued());
        all.put("graphql.running", (long) threads.running());
        return all;
    }

    @Override
    public void close() {
        threads.close();
    }

    /** On a query thread: the query run and its answer encoded, whatever happened (never a failed future). */
    private CompletableFuture<byte[]> execute(QueryRequest request, QueryState state) {
        ExecutionInput input = ExecutionInput.newExecutionInput(request.query())
                .operationName(request.operationName())
                .variables(request.variables())
                .graphQLContext(Map.of(QueryState.class, state, ParserOptions.class, parserOptions))
                .dataLoaderRegistry(batches.forRequest(state.asker()))
                .build();
        CompletableFuture<ExecutionResult> result;
        try {
            result = graphQL.executeAsync(input);
        } catch (RuntimeException bug) {
            result = CompletableFuture.failedFuture(bug);
        }
        return threads.resume(result).handle((done, failure) -> encoded(done, failure, state.reads()));
    }

    /** The answer's bytes; one that grows past {@code GRAPHQL_MAX_RESPONSE_BYTES} is refused whole. */
    private byte[] encoded(ExecutionResult result, Throwable failure, QueryReads reads) {
        if (failure != null) {
            LOG.log(System.Logger.Level.ERROR, "GraphQL execution failed", failure);
            reads.uncacheable();
            return error("internal_error", 500, "Unexpected server error");
        }
        try {
            return AnswerBytes.of(result.toSpecification(), config.maxResponseBytes());
        } catch (AnswerBytes.TooLarge tooLarge) {
            counts.increment(Count.REFUSED_RESPONSE);
            reads.uncacheable();
            return error("response_too_large", LimitExceeded.STATUS, tooLarge.getMessage());
        }
    }

    /** The deadline passed before the answer: the query is ended, its client told why. */
    private void timedOut(RoutingContext ctx, QueryRun run, QueryReads reads) {
        if (run.answer()) {
            counts.increment(Count.TIMED_OUT);
            reads.uncacheable();
            write(ctx, error("query_timeout", 504, "The query did not finish within "
                    + config.timeout().toMillis() + " ms"));
        }
    }

    /** On the request's loop: the answer, unless the deadline answered first. */
    private void answer(RoutingContext ctx, QueryRun run, byte[] bytes) {
        if (run.answer()) {
            ctx.vertx().cancelTimer(run.deadline());
            write(ctx, bytes);
        }
    }

    private static void write(RoutingContext ctx, byte[] bytes) {
        if (!ctx.response().closed() && !ctx.response().ended()) {
            ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(Buffer.buffer(bytes));
        }
    }

    /** An answer of one error and no data, as a limit's refusal reads. */
    private static byte[] error(String code, int status, String message) {
        Map<String, Object> extensions = new LinkedHashMap<>();
        extensions.put("code", code);
        extensions.put("status", status);
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("extensions", extensions);
        return AnswerBytes.of(Map.of("errors", List.of(error)), Long.MAX_VALUE);
    }

    private static GraphQLSchema schema(Fetchers fetchers, PostConnections connections) {
        RuntimeWiring wiring = scalars()
                .type("Query", type -> type
                        .dataFetcher("body", fetchers.body())
                        .dataFetcher("more", fetchers.more())
                        .dataFetcher("post", fetchers.post())
                        .dataFetcher("preview", fetchers.preview())
                        .dataFetcher("previews", fetchers.previews())
                        .dataFetcher("feed", fetchers.feed())
                        .dataFetcher("search", fetchers.search())
                        .dataFetcher("channel", connections.channel()))
                .type("ChannelPosts", type -> type.dataFetcher("posts", connections.posts()))
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
