package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import java.util.ArrayList;
import java.util.List;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.CorsHandler;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.graphql.GraphiQLHandler;
import io.vertx.ext.web.handler.graphql.GraphiQLHandlerOptions;
import tme.api.memory.DirectRoom;
import tme.api.media.MediaMode;
import tme.api.media.MediaService;
import tme.api.media.MediaStreams;
import tme.api.http.RouteSpec.Kind;
import tme.api.metrics.RouteTemplates;
import tme.api.metrics.Telemetry;
import tme.api.service.ChannelService;
import tme.api.service.FeedService;
import tme.api.service.HistoryWalk;
import tme.api.service.PreviewsService;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.problem.Refused;
import tme.cache.TwoLevelCache;

/** The one routing table, and the one failure handler that gives every error the same JSON shape. */
public final class Routes {

    /** Largest accepted request body: 100 channel names fit in well under 8 KiB. */
    static final long MAX_BODY_BYTES = 64 * 1024;

    private static final System.Logger LOG = System.getLogger(Routes.class.getName());
    /** A path or query string whose percent-encoding HTTP or vertx-web could not decode. */
    private static final Problem MALFORMED_URI =
            Problem.malformedRequest(400, "Malformed request: check the percent-encoding of the path and query");
    /** How much of a decoder's message a problem repeats. */
    private static final int MAX_REASON = 200;
    /** Request bodies the client hung up on before they were whole ({@code tme_http_bodies_abandoned_total}). */
    private static final String ABANDONED = "http.bodies.abandoned";
    /** The query GraphiQL opens on, read once (when Main wires the routes, before any loop runs). */
    private static final String EXAMPLE_QUERY = StaticBytes.text("graphiql/example.graphql");

    private Routes() {}

    /**
     * The production routers, one per event loop, over one set of handlers: every loop shares the services and the
     * decompressed and gzip copies (a copy made for one loop's client serves every loop's), each bounded by
     * {@code copiesMaxBytes} and made only while {@code room} has room for them; gzip copies are made on
     * {@code workers}, those made ahead on {@code background}.
     * Every request passes {@code requests} first (its id, its log line, the client limit). {@code docs}: whether
     * the document and Swagger UI are served. {@code historyMaxPosts}: the most posts one {@code /v1/history} answer
     * streams. {@code levels}: the cache whose values the answers are; a value that leaves its L1 takes its copies
     * with it, and has those its readers used made ahead for its successor.
     */
    public static Function<Vertx, Router> routers(ChannelService channels, PreviewsService previews, FeedService feeds,
                                                 Telemetry telemetry, GraphQL graphql, boolean docs,
                                                 RequestClock clock,
                                                 long copiesMaxBytes, DirectRoom room, WorkerExecutor workers,
                                                 WorkerExecutor background, RequestPipeline requests, Push push,
                                                 Media media, int historyMaxPosts, TwoLevelCache levels) {
        Responses responses = new Responses(clock, copiesMaxBytes, room, workers, background);
        levels.onDeparted(responses::departed);
        telemetry.gather(responses::counters);
        Handlers h = new Handlers(channels, previews, feeds, responses, requests::client);
        HistoryHandler history = new HistoryHandler(new HistoryWalk(channels), historyMaxPosts, requests::client);
        telemetry.gather(history::counters);
        RouteTable table = table(new Front(h, history, new OpsHandlers(telemetry, workers),
                new MediaHandlers(media.mode(), media.service(), media.streams(), requests::client),
                new OpmlHandlers(previews, feeds, workers, requests::client),
                new HomeHandler(channels, feeds, workers, requests::client, docs), graphql, push,
                media.mode() == MediaMode.STREAM, docs));
        telemetry.streamRoutes(table.streams());
        LongAdder ahead = new LongAdder();
        LongAdder abandoned = new LongAdder();
        telemetry.gather(() -> Map.of("http.requests.ahead", ahead.sum(), ABANDONED, abandoned.sum(),
                "http.feeds.resolved", h.feedsResolved()));
        return vertx -> router(vertx, table, telemetry, requests, responses, new Counts(ahead, abandoned), clock, h);
    }

    /** Every handler of the API's routes, and which optional routes are served. */
    private record Front(Handlers h, HistoryHandler history, OpsHandlers ops, MediaHandlers media, OpmlHandlers opml, HomeHandler home,
                         GraphQL graphql, Push push, boolean mediaStreams, boolean docs) {}

    /**
     * The route table: every route of the API, once, in the order the router tries them. Adding a route is one row
     * here; the router, the hits ahead of it, {@code Allow}, the client limit's exemptions and the metrics' templates
     * follow from it ({@link RouteTable}).
     */
    static RouteTable table(Front f) {
        Handlers h = f.h();
        FeedUrls urls = new FeedUrls(h);
        Kind media = f.mediaStreams() ? Kind.STREAM : Kind.HANDLER;
        List<RouteSpec> specs = new ArrayList<>(operations(f.ops()));
        specs.addAll(List.of(
                RouteSpec.stored("/v1/body/:channel", h::body, h::send),
                RouteSpec.stored("/v1/more/:channel/:direction/:position", h::more, h::send),
                RouteSpec.stored("/v1/post/:channel/:id", h::post, h::send),
                RouteSpec.stored("/v1/preview/:channel", h::preview, h::send),
                RouteSpec.read("/v1/search/:channel", h::search),
                // GET only: a HEAD would walk a channel for nothing
                RouteSpec.of("/v1/history/:channel", RouteSpec.GET, Kind.STREAM, f.history()::history),
                RouteSpec.of("/v1/previews", RouteSpec.POST, Kind.HANDLER, h::previews, json()),
                RouteSpec.read("/v1/feed", h::feed),
                RouteSpec.of("/v1/feed", RouteSpec.POST, Kind.HANDLER, h::feedPost, json()),
                RouteSpec.read("/feeds/:file", urls::feeds),
                RouteSpec.read("/telegram/channel/:username", urls::rssHub),
                RouteSpec.read("/telegram/channel/:username/:routeParams", urls::rssHub),
                RouteSpec.read("/feeds.opml", f.opml()::export),
                RouteSpec.read("/", f.home()::page),
                RouteSpec.of("/v1/opml/import", RouteSpec.POST, Kind.HANDLER, f.opml()::importFile,
                        RequestBodies.upTo(OpmlHandlers.MAX_OPML_BYTES)),
                RouteSpec.of("/v1/media/:channel/avatar", RouteSpec.READ, media, f.media()::avatar),
                RouteSpec.of("/v1/media/:channel/:post/:n", RouteSpec.READ, media, f.media()::item),
                RouteSpec.of("/v1/media/:channel/:post/:n/thumb", RouteSpec.READ, media, f.media()::thumb),
                // GET only: a HEAD would hold a stream open for nothing
                RouteSpec.of("/v1/stream", RouteSpec.GET, Kind.STREAM, f.push().stream()),
                RouteSpec.of("/websub", RouteSpec.POST, Kind.HANDLER, f.push().websub(),
                        RequestBodies.upTo(MAX_BODY_BYTES)),
                RouteSpec.of("/graphql", RouteSpec.GET, Kind.GRAPHQL, f.graphql().queries()),
                RouteSpec.of("/graphql", RouteSpec.POST, Kind.GRAPHQL, f.graphql().queries(), json())));
        f.graphql().graphiql().ifPresent(page -> specs.addAll(graphiql(page)));
        if (f.docs()) {
            specs.add(RouteSpec.of("/openapi.json", RouteSpec.READ, Kind.DOCS, ApiDocs.shared()::document));
            specs.add(RouteSpec.mount(ApiDocs.DOCS + "*", RouteSpec.READ, Kind.DOCS, ApiDocs.shared()::router));
        }
        return new RouteTable(specs);
    }

    /** {@code /healthz}, {@code /readyz} and {@code /metrics}: the API's and a refresher's. */
    private static List<RouteSpec> operations(OpsHandlers ops) {
        return List.of(RouteSpec.of("/healthz", RouteSpec.READ, Kind.OPS, ops::healthz),
                RouteSpec.of("/readyz", RouteSpec.READ, Kind.OPS, ops::readyz),
                RouteSpec.of("/metrics", RouteSpec.READ, Kind.OPS, ops::metrics));
    }

    /**
     * GraphiQL at {@code /graphiql/} unless {@code GRAPHIQL=false}: served from the artifact, nothing from a CDN,
     * opening on an example query of this API ({@code graphiql/example.graphql}). The page from memory
     * ({@link GraphiQLPage}), ahead of the handler's own reading it on the loop; GraphiQL's own router answers GET only.
     */
    private static List<RouteSpec> graphiql(GraphiQLPage page) {
        return List.of(RouteSpec.of("/graphiql/", RouteSpec.GET, Kind.DOCS, page::send),
                RouteSpec.of("/graphiql/index.html", RouteSpec.GET, Kind.DOCS, page::send),
                RouteSpec.mount("/graphiql*", RouteSpec.GET, Kind.DOCS,
                        vertx -> GraphiQLHandler.create(vertx, graphiqlOptions()).router()));
    }

    /**
     * New posts pushed ({@code tme.api.push}, {@code tme.api.websub}), as the routing table mounts them.
     *
     * @param stream {@code GET /v1/stream}: Server-Sent Events
     * @param websub {@code POST /websub}: the WebSub hub's subscription requests (a form body of at most
     *               {@link #MAX_BODY_BYTES})
     */
    public record Push(Handler<RoutingContext> stream, Handler<RoutingContext> websub) {}

    /** What the routers of all loops count together: answers given ahead of the router, bodies hung up on. */
    private record Counts(LongAdder ahead, LongAdder abandoned) {}

    /** The durable media links' parts ({@code MEDIA_MODE}; the streams are used in stream mode only). */
    public record Media(MediaMode mode, MediaService service, MediaStreams streams) {}

    /**
     * A refresher's routes, one router: {@code /healthz}, {@code /readyz} and {@code /metrics} with the API's own
     * handlers, for its probes and its counters; nothing else (a refresher answers no reader).
     */
    public static Function<Vertx, Router> operations(Telemetry telemetry, WorkerExecutor workers) {
        RouteTable table = new RouteTable(operations(new OpsHandlers(telemetry, workers)));
        return vertx -> {
            Router router = Router.router(vertx);
            table.mount(router, vertx);
            router.errorHandler(404, ctx -> Responses.problem(ctx, Problem.routeNotFound(ctx.request().path())));
            return router;
        };
    }

    /**
     * The GraphQL front end as the routing table mounts it (REST and GraphQL stay apart: neither imports the other).
     *
     * @param queries  {@code GET} and {@code POST /graphql} (a JSON body, at most {@link #MAX_BODY_BYTES})
     * @param graphiql GraphiQL's page when it is served at {@code /graphiql/}
     */
    public record GraphQL(Handler<RoutingContext> queries, Optional<GraphiQLPage> graphiql) {

        /** GraphiQL's page is read here, once: call it at start-up, off the event loops. */
        public static GraphQL of(Handler<RoutingContext> queries, boolean graphiql) {
            return new GraphQL(queries, graphiql ? Optional.of(new GraphiQLPage(graphiqlOptions())) : Optional.empty());
        }
    }

    /**
     * One loop's router: every request is given its id first, and its timing (by route, status and answering level)
     * and access log line when over ({@link RequestStart}), then CORS, then the per-client limit (after CORS, so a 429 carries its headers); then the
     * table's routes. The pipeline's handlers say what a request answered before the router gets of them too:
     * {@link HitsAhead} answers the table's stored reads first while every one of them does.
     */
    private static Router router(Vertx vertx, RouteTable table, Telemetry telemetry, RequestPipeline requests,
                                 Responses responses, Counts counts, RequestClock clock, HitsAhead.Feeds feeds) {
        Router router = Router.router(vertx);
        RequestStart start = requests.start(vertx, table, telemetry);
        router.route().putMetadata(HitsAhead.DONE_AHEAD, "id, timing, access log").handler(start);
        router.route().putMetadata(HitsAhead.DONE_AHEAD, "CORS: nothing without Origin").handler(cors(table));
        requests.limits(table).ifPresent(limits -> router.route().handler(limits));
        table.mount(router, vertx);
        router.route().failureHandler(ctx -> failure(ctx, table, counts.abandoned()));
        router.errorHandler(404, ctx -> Responses.problem(ctx, Problem.routeNotFound(ctx.request().path())));
        router.errorHandler(405, ctx -> methodNotAllowed(ctx, table));
        router.errorHandler(400, ctx -> Responses.problem(ctx, MALFORMED_URI));
        HitsAhead.install(router, table, new HitsAhead.Parts(start, requests::client, responses, counts.ahead(),
                clock, feeds));
        return router;
    }

    /**
     * Queries over HTTP only: the server has no GraphQL over WebSocket (no subscriptions to carry). The example goes in
     * as "variables": the handler writes those as the page's `parameters`, and the page of vertx-web-graphql 5.0.7
     * takes its first query from `parameters.query` (or ?query=) only; setQuery writes a top-level `query` it never
     * reads, so a browser opened on GraphiQL's welcome text.
     */
    static GraphiQLHandlerOptions graphiqlOptions() {
        return new GraphiQLHandlerOptions().setEnabled(true).setGraphQLUri("/graphql").setGraphQLWSEnabled(false)
                .setVariables(new JsonObject().put("query", EXAMPLE_QUERY));
    }

    /** A JSON body of at most {@link #MAX_BODY_BYTES}. */
    private static List<Handler<RoutingContext>> json() {
        return JsonBodies.upTo(MAX_BODY_BYTES);
    }

    /** GET and HEAD: HEAD answers the same headers without the body (Vert.x drops it). */
    static Route read(Router router, String path) {
        return router.route(path).method(HttpMethod.GET).method(HttpMethod.HEAD);
    }

    /**
     * Public data: any origin may read it from a browser; ETag and Age are useful to scripts too. The lists keep their
     * order (the handler writes a set as it iterates it; {@code Set.of}'s order changes from one JVM run to the next).
     */
    private static CorsHandler cors(RouteTable table) {
        return CorsHandler.create().addOrigin("*")
                .allowedMethods(table.methods())
                .allowedHeaders(ordered("Content-Type", "If-None-Match", "X-Request-Id", "Last-Event-ID", "Range"))
                .exposedHeaders(ordered("ETag", "Age", "X-Cache", "Retry-After", "X-Request-Id", "Server-Timing",
                        "Content-Range", FeedUrls.IGNORED))
                .maxAgeSeconds(86_400);
    }

    @SafeVarargs
    private static <T> Set<T> ordered(T... items) {
        return new java.util.LinkedHashSet<>(java.util.List.of(items));
    }

    /** A 405 with the {@code Allow} the table gives the path. */
    private static void methodNotAllowed(RoutingContext ctx, RouteTable table) {
        ctx.response().putHeader("Allow", table.allowed(RouteTemplates.normalizedPath(ctx)));
        Responses.problem(ctx, Problem.methodNotAllowed(ctx.request().method().name()));
    }

    /**
     * The one place a routed failure becomes an answer. A request cut short by the connection's bounds (its body past
     * {@code HTTP_BODY_TIMEOUT}: answered 408 by them) is counted there, by reason, and nothing more; a client that
     * hung up while sending its body is counted in {@code abandoned} and not answered (nobody is there to read it); a
     * body, form or escape the client got wrong is a 400, as HTTP and vertx-web report it, whatever they threw; a bug
     * is a 500 and logged.
     */
    private static void failure(RoutingContext ctx, RouteTable table, LongAdder abandoned) {
        Throwable cause = ctx.failure();
        if (cutShort(ctx, cause)) {
            return; // counted in tme_http_connections_closed_total{reason}: the close was the server's
        }
        if (hungUp(ctx, cause)) {
            abandoned.increment();
        } else if (ctx.statusCode() == 413) {
            Responses.problem(ctx, Problem.bodyTooLarge(MAX_BODY_BYTES));
        } else if (ctx.statusCode() == 405) {
            methodNotAllowed(ctx, table);
        } else if (ctx.statusCode() == 404 && cause == null) {
            Responses.problem(ctx, Problem.routeNotFound(ctx.request().path()));
        } else if (RequestBodies.failedReading(ctx)) {
            Responses.problem(ctx, Problem.malformedRequest(400, "Malformed request body (" + reason(cause)
                    + "): check the Content-Type and the body's encoding"));
        } else if ((ctx.statusCode() == 400 || ctx.statusCode() == 415)
                && table.is(RouteTemplates.normalizedPath(ctx), Kind.GRAPHQL)) {
            Responses.problem(ctx, GraphQLRequests.problem(ctx.statusCode(), cause));
        } else if (ctx.statusCode() == 400) {
            Responses.problem(ctx, MALFORMED_URI); // vertx-web could not decode the path or the query string
        } else {
            failure(ctx.request(), cause);
        }
    }

    /** A request whose connection the server's bounds closed under it ({@link ConnectionBounds#closedByBounds}). */
    private static boolean cutShort(RoutingContext ctx, Throwable cause) {
        return (cause instanceof HttpClosedException || RequestBodies.failedReading(ctx))
                && ConnectionBounds.closedByBounds(ctx.request().connection());
    }

    /** A request whose connection closed before its body was whole: the client went away, nothing failed here. */
    private static boolean hungUp(RoutingContext ctx, Throwable cause) {
        return ctx.response().closed() && (cause instanceof HttpClosedException || RequestBodies.failedReading(ctx));
    }

    /** The first line of a decoder's message, short: enough for a client to find its mistake. */
    private static String reason(Throwable cause) {
        String message = cause == null || cause.getMessage() == null ? "" : cause.getMessage().lines().findFirst()
                .orElse("").strip();
        return message.isEmpty() ? "unreadable"
                : message.length() > MAX_REASON ? message.substring(0, MAX_REASON) + "…" : message;
    }

    /**
     * A failed answer, routed or answered ahead of the router ({@link HitsAhead}): the problem its input or a refusal
     * names, else a bug, logged, and a 500.
     */
    static void failure(HttpServerRequest request, Throwable cause) {
        if (cause instanceof InvalidInput invalid) {
            Responses.problem(request, invalid.problem());
        } else if (cause instanceof Refused refused) {
            Responses.problem(request, refused.problem());
        } else {
            LOG.log(System.Logger.Level.ERROR, "Unhandled failure on " + request.path(), cause);
            Responses.problem(request, Problem.internal());
        }
    }
}
