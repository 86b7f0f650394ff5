package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One row of the route table ({@link RouteTable}): what a route takes (its methods and path template), what kind of
 * route it is, whether the per-client limit spares it, and what answers it. Everything else about routes (the router,
 * the dispatch ahead of it, {@code Allow}, the limit's exemptions, the metrics' templates) is computed from the rows.
 *
 * @param template as Vert.x writes it: {@code /v1/body/:channel}; {@code /docs*} for a sub-router's prefix
 * @param methods  in the order {@code Allow} names them; for a sub-router, the methods its own routes take
 * @param handlers run in order (body readers first); empty for a sub-router
 * @param read     a stored read's ({@link Kind#STORED}), else null
 * @param sub      a sub-router mounted under the prefix, made per event loop, else null
 */
public record RouteSpec(String template, List<HttpMethod> methods, Kind kind, boolean limitExempt,
                 List<Handler<RoutingContext>> handlers, StoredRead read, Function<Vertx, Router> sub) {

    /** What a route is, as what is derived from the table tells them apart. */
    public enum Kind {
        /** A stored answer ({@link StoredRead}): answered ahead of the router when nothing stands in front. */
        STORED,
        /** Any other handler of the API. */
        HANDLER,
        /** Health, readiness, metrics: a refresher serves them too; never limited. */
        OPS,
        /** A long-lived answer (SSE, media relayed): timed in {@code tme_stream_seconds}. */
        STREAM,
        /** GraphQL queries: a body or media type it refuses is a GraphQL request problem. */
        GRAPHQL,
        /** The browser pages over the API (OpenAPI, Swagger UI, GraphiQL): never limited. */
        DOCS
    }

    static final List<HttpMethod> READ = List.of(HttpMethod.GET, HttpMethod.HEAD);
    static final List<HttpMethod> GET = List.of(HttpMethod.GET);
    static final List<HttpMethod> POST = List.of(HttpMethod.POST);

    public RouteSpec {
        methods = List.copyOf(methods);
        handlers = List.copyOf(handlers);
    }

    /** GET and HEAD of a stored answer: {@code send} writes what {@code read} answers. */
    static RouteSpec stored(String template, StoredRead read, Function<StoredRead, Handler<RoutingContext>> send) {
        return new RouteSpec(template, READ, Kind.STORED, false, List.of(send.apply(read)), read, null);
    }

    /** GET and HEAD: HEAD answers the same headers without the body (Vert.x drops it). */
    static RouteSpec read(String template, Handler<RoutingContext> handler) {
        return of(template, READ, Kind.HANDLER, handler);
    }

    /** {@code methods} of {@code template}, answered by {@code handler} after {@code bodies} (a body's readers). */
    static RouteSpec of(String template, List<HttpMethod> methods, Kind kind, Handler<RoutingContext> handler,
                        List<Handler<RoutingContext>> bodies) {
        List<Handler<RoutingContext>> handlers = new ArrayList<>(bodies);
        handlers.add(handler);
        return new RouteSpec(template, methods, kind, kind == Kind.OPS || kind == Kind.DOCS, handlers, null, null);
    }

    static RouteSpec of(String template, List<HttpMethod> methods, Kind kind, Handler<RoutingContext> handler) {
        return of(template, methods, kind, handler, List.of());
    }

    /** A sub-router under {@code prefix} (ending in {@code *}) whose routes take {@code methods}. */
    static RouteSpec mount(String prefix, List<HttpMethod> methods, Kind kind, Function<Vertx, Router> sub) {
        return new RouteSpec(prefix, methods, kind, kind == Kind.OPS || kind == Kind.DOCS, List.of(), null, sub);
    }
}
