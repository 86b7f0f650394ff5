package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
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
import tme.api.metrics.Telemetry;
import tme.api.service.ChannelService;
import tme.api.service.FeedService;
import tme.api.service.PreviewsService;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.problem.Refused;

/** The one routing table, and the one failure handler that gives every error the same JSON shape. */
public final class Routes {

    /** Largest accepted request body: 100 channel names fit in well under 8 KiB. */
    static final long MAX_BODY_BYTES = 64 * 1024;

    private static final System.Logger LOG = System.getLogger(Routes.class.getName());
    /** The SSE route, and the media links' (streams in {@code MEDIA_MODE=stream}): timed as streams when they are. */
    private static final String STREAM = "/v1/stream";
    private static final String[] MEDIA_ROUTES = {"/v1/media/:channel/avatar", "/v1/media/:channel/:post/:n",
            "/v1/media/:channel/:post/:n/thumb"};
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
     * {@code copiesMaxBytes} and made only while {@code room} has room for them; gzip copies are made on {@code workers}.
     * Every request passes {@code requests} first (its id, its log line, the client limit). {@code docs}: whether
     * the document and Swagger UI are served.
     */
    public static Function<Vertx, Router> routers(ChannelService channels, PreviewsService previews, FeedService feeds,
                                                 Telemetry telemetry, GraphQL graphql, boolean docs,
                                                 RequestClock clock,
                                                 long copiesMaxBytes, DirectRoom room, WorkerExecutor workers,
                                                 RequestPipeline requests, Push push, Media media) {
        Responses responses = new Responses(clock, copiesMaxBytes, room, workers);
        telemetry.gather(responses::counters);
        Handlers h = new Handlers(channels, previews, feeds, responses, requests::client);
        OpsHandlers ops = new OpsHandlers(telemetry, workers);
        MediaHandlers m = new MediaHandlers(media.mode(), media.service(), media.streams(), requests::client);
        OpmlHandlers opml = new OpmlHandlers(previews, feeds, workers, requests::client);
        HomeHandler home = new HomeHandler(channels, feeds, workers, requests::client, docs);
        telemetry.streamRoutes(STREAM);
        if (media.mode() == MediaMode.STREAM) {
            telemetry.streamRoutes(MEDIA_ROUTES);
        }
        LongAdder ahead = new LongAdder();
        LongAdder abandoned = new LongAdder();
        telemetry.gather(() -> Map.of("http.requests.ahead", ahead.sum(), ABANDONED, abandoned.sum()));
        return vertx -> router(vertx, h, ops, telemetry, graphql, docs, requests, push, m, opml, home, responses,
                new Counts(ahead, abandoned), clock);
    }

    /**
     * New posts pushed ({@code tme.api.push}, {@code tme.api.websub}), as the routing table mounts them.
     *
     * @param stream {@code GET /v1/stream}: Server-Sent Events
     * @param websub {@code POST /websub}: the WebSub hub's subscription requests (a form body)
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
        OpsHandlers ops = new OpsHandlers(telemetry, workers);
        return vertx -> {
            Router router = Router.router(vertx);
            read(router, "/healthz").handler(ops::healthz);
            read(router, "/readyz").handler(ops::readyz);
            read(router, "/metrics").handler(ops::metrics);
            router.errorHandler(404, ctx -> Responses.problem(ctx, Problem.routeNotFound(ctx.request().path())));
            return router;
        };
    }

    /**
     * The GraphQL front end as the routing table mounts it (REST and GraphQL stay apart: neither imports the other).
     *
     * @param queries  {@code GET} and {@code POST /graphql}
     * @param graphiql GraphiQL's page when it is served at {@code /graphiql/}
     */
    public record GraphQL(Handler<RoutingContext> queries, Optional<GraphiQLPage> graphiql) {

        /** GraphiQL's page is read here, once: call it at start-up, off the event loops. */
        public static GraphQL of(Handler<RoutingContext> queries, boolean graphiql) {
            return new GraphQL(queries, graphiql ? Optional.of(new GraphiQLPage(graphiqlOptions())) : Optional.empty());
        }
    }

    /**
     * The one routing table; every request is timed first, by route, status and answering level, then given its id
     * and access log line, then CORS, then the per-client limit (after CORS, so a 429 carries its headers). The
     * routes of stored answers carry their read, and the pipeline's handlers what a request answered before the
     * router gets of them too: {@link HitsAhead} is derived from this table, and answers hits of those routes first.
     */
    private static Router router(Vertx vertx, Handlers h, OpsHandlers ops, Telemetry telemetry, GraphQL graphql,
                                 boolean docs, RequestPipeline requests, Push push, MediaHandlers m,
                                 OpmlHandlers opml, HomeHandler home, Responses responses, Counts counts,
                                 RequestClock clock) {
        Router router = Router.router(vertx);
        router.route().putMetadata(HitsAhead.DONE_AHEAD, "timing").handler(telemetry.timing(router));
        RequestStart start = requests.start(vertx, router);
        router.route().putMetadata(HitsAhead.DONE_AHEAD, "id, access log").handler(start);
        router.route().putMetadata(HitsAhead.DONE_AHEAD, "CORS: nothing without Origin").handler(cors());
        requests.limits().ifPresent(limits -> router.route().handler(limits));
        read(router, "/healthz").handler(ops::healthz);
        read(router, "/readyz").handler(ops::readyz);
        read(router, "/metrics").handler(ops::metrics);
        stored(router, h, "/v1/body/:channel", h::body);
        stored(router, h, "/v1/more/:channel/:direction/:position", h::more);
        stored(router, h, "/v1/post/:channel/:id", h::post);
        stored(router, h, "/v1/preview/:channel", h::preview);
        read(router, "/v1/search/:channel").handler(h::search);
        json(router.post("/v1/previews")).handler(h::previews);
        read(router, "/v1/feed").handler(h::feed);
        json(router.post("/v1/feed")).handler(h::feedPost);
        FeedUrls urls = new FeedUrls(h);
        read(router, "/feeds/:file").handler(urls::feeds);
        read(router, "/telegram/channel/:username").handler(urls::rssHub);
        read(router, "/telegram/channel/:username/:routeParams").handler(urls::rssHub);
        read(router, "/feeds.opml").handler(opml::export);
        read(router, "/").handler(home::page);
        Route opmlImport = router.post("/v1/opml/import");
        RequestBodies.upTo(OpmlHandlers.MAX_OPML_BYTES).forEach(opmlImport::handler);
        opmlImport.handler(opml::importFile);
        read(router, MEDIA_ROUTES[0]).handler(m::avatar);
        read(router, MEDIA_ROUTES[1]).handler(m::item);
        read(router, MEDIA_ROUTES[2]).handler(m::thumb);
        push(router, push);
        graphql(router, vertx, graphql);
        if (docs) {
            docs(router, vertx);
        }
        router.route().failureHandler(ctx -> failure(ctx, counts.abandoned()));
        router.errorHandler(404, ctx -> Responses.problem(ctx, Problem.routeNotFound(ctx.request().path())));
        router.errorHandler(405, Routes::methodNotAllowed);
        router.errorHandler(400, ctx -> Responses.problem(ctx, MALFORMED_URI));
        HitsAhead.install(router, new HitsAhead.Parts(start, requests::client, telemetry, responses, counts.ahead(),
                clock));
        return router;
    }

    /** A GET and HEAD route of a stored answer, answered by {@code read}; the route carries it for {@link HitsAhead}. */
    private static void stored(Router router, Handlers h, String path, StoredRead read) {
        read(router, path).putMetadata(StoredRead.METADATA, read).handler(h.send(read));
    }

    /**
     * {@code GET /graphql?query=...} and {@code POST /graphql} (a JSON body, at most {@link #MAX_BODY_BYTES}), and
     * GraphiQL at {@code /graphiql/} unless {@code GRAPHIQL=false}: served from the artifact, nothing from a CDN, opening
     * on an example query of this API ({@code graphiql/example.graphql}).
     */
    private static void graphql(Router router, Vertx vertx, GraphQL graphql) {
        router.get("/graphql").handler(graphql.queries());
        json(router.post("/graphql")).handler(graphql.queries());
        graphql.graphiql().ifPresent(page -> {
            // The page from memory (GraphiQLPage), ahead of the handler's own reading it on the loop.
            router.get("/graphiql/").handler(page::send);
            router.get("/graphiql/index.html").handler(page::send);
            router.route("/graphiql*").subRouter(GraphiQLHandler.create(vertx, graphiqlOptions()).router());
        });
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

    /** {@code GET /v1/stream} and {@code POST /websub} (a form body of at most {@link #MAX_BODY_BYTES}). */
    private static void push(Router router, Push push) {
        router.get(STREAM).handler(push.stream()); // GET only: a HEAD would hold a stream open for nothing
        Route websub = router.post("/websub");
        RequestBodies.upTo(MAX_BODY_BYTES).forEach(websub::handler);
        websub.handler(push.websub());
    }

    /** The document and Swagger UI over it; both off with {@code DISABLE_DOCS}. */
    private static void docs(Router router, Vertx vertx) {
        read(router, "/openapi.json").handler(ApiDocs.shared()::document);
        router.route(ApiDocs.DOCS + "*").subRouter(ApiDocs.shared().router(vertx));
    }

    /** A route reading a JSON body of at most {@link #MAX_BODY_BYTES}. */
    private static Route json(Route route) {
        JsonBodies.upTo(MAX_BODY_BYTES).forEach(route::handler);
        return route;
    }

    /** GET and HEAD: HEAD answers the same headers without the body (Vert.x drops it). */
    static Route read(Router router, String path) {
        return router.route(path).method(HttpMethod.GET).method(HttpMethod.HEAD);
    }

    /**
     * Public data: any origin may read it from a browser; ETag and Age are useful to scripts too. The lists keep their
     * order (the handler writes a set as it iterates it; {@code Set.of}'s order changes from one JVM run to the next).
     */
    private static CorsHandler cors() {
        return CorsHandler.create().addOrigin("*")
                .allowedMethods(ordered(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST))
                .allowedHeaders(ordered("Content-Type", "If-None-Match", "X-Request-Id", "Last-Event-ID", "Range"))
                .exposedHeaders(ordered("ETag", "Age", "X-Cache", "Retry-After", "X-Request-Id", "Server-Timing",
                        "Content-Range", FeedUrls.IGNORED))
                .maxAgeSeconds(86_400);
    }

    @SafeVarargs
    private static <T> Set<T> ordered(T... items) {
        return new java.util.LinkedHashSet<>(java.util.List.of(items));
    }

    private static void methodNotAllowed(RoutingContext ctx) {
        ctx.response().putHeader("Allow", allowed(ctx.request().path()));
        Responses.problem(ctx, Problem.methodNotAllowed(ctx.request().method().name()));
    }

    private static String allowed(String path) {
        if (path.startsWith("/v1/previews")) {
            return "POST";
        }
        if (path.equals("/v1/feed") || path.equals("/v1/feed/")) {
            return "GET, HEAD, POST";
        }
        if (path.equals("/websub") || path.equals("/v1/opml/import")) {
            return "POST";
        }
        if (path.equals("/v1/stream")) {
            return "GET";
        }
        if (path.startsWith("/graphiql")) {
            return "GET"; // GraphiQL's own router answers GET only
        }
        return path.startsWith("/graphql") ? "GET, POST" : "GET, HEAD";
    }

    /**
     * The one place a routed failure becomes an answer. A request cut short by the connection's bounds (its body past
     * {@code HTTP_BODY_TIMEOUT}: answered 408 by them) is counted there, by reason, and nothing more; a client that
     * hung up while sending its body is counted in {@code abandoned} and not answered (nobody is there to read it); a
     * body, form or escape the client got wrong is a 400, as HTTP and vertx-web report it, whatever they threw; a bug
     * is a 500 and logged.
     */
    private static void failure(RoutingContext ctx, LongAdder abandoned) {
        Throwable cause = ctx.failure();
        if (cutShort(ctx, cause)) {
            return; // counted in tme_http_connections_closed_total{reason}: the close was the server's
        }
        if (hungUp(ctx, cause)) {
            abandoned.increment();
        } else if (ctx.statusCode() == 413) {
            Responses.problem(ctx, Problem.bodyTooLarge(MAX_BODY_BYTES));
        } else if (ctx.statusCode() == 405) {
            methodNotAllowed(ctx);
        } else if (ctx.statusCode() == 404 && cause == null) {
            Responses.problem(ctx, Problem.routeNotFound(ctx.request().path()));
        } else if (RequestBodies.failedReading(ctx)) {
            Responses.problem(ctx, Problem.malformedRequest(400, "Malformed request body (" + reason(cause)
                    + "): check the Content-Type and the body's encoding"));
        } else if (ctx.request().path().startsWith("/graphql") && (ctx.statusCode() == 400 || ctx.statusCode() == 415)) {
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
