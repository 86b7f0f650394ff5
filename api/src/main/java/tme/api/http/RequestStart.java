package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import java.time.InstantSource;

/**
 * The first handler of every request: its {@code X-Request-Id} goes on the answer before anything else can write
 * one (hits, misses, problems, 404s and 405s all carry it), and, with {@code ACCESS_LOG} on, its line is handed to
 * the {@link AccessLog} when the answer ends. Per request that is one id, one header and, when logging, one end
 * handler and one {@link AccessLine}; the line is formatted on the log's thread.
 */
final class RequestStart implements Handler<RoutingContext> {

    private final InstantSource clock;
    private final ClientAddresses clients;
    // Null with ACCESS_LOG=false: then no end handler is registered and no line is made.
    private final AccessLog log;

    RequestStart(InstantSource clock, ClientAddresses clients, AccessLog log) {
        this.clock = clock;
        this.clients = clients;
        this.log = log;
    }

    @Override
    public void handle(RoutingContext ctx) {
        String id = id(ctx.request());
        ctx.response().headers().add(RequestIds.HEADER, id);
        if (log != null) {
            long began = System.nanoTime();
            ctx.addEndHandler(ended -> logged(ctx, id, began, ended.succeeded()));
        }
        ctx.next();
    }

    /** The request's id: the client's if sane, else a new one. */
    String id(HttpServerRequest request) {
        return RequestIds.of(request.getHeader(RequestIds.HEADER));
    }

    /** A request answered outside the router (the decoder refused it): logged under its shortened path. */
    void logInvalid(HttpServerRequest request, String id, long began) {
        if (log != null) {
            log.offer(line(request, id, began, true, AccessLine.loggablePath(pathOf(request))));
        }
    }

    private void logged(RoutingContext ctx, String id, long began, boolean completed) {
        log.offer(line(ctx.request(), id, began, completed, route(ctx)));
    }

    private AccessLine line(HttpServerRequest request, String id, long began, boolean completed, String route) {
        HttpServerResponse response = request.response();
        String level = response.headers().get(Responses.X_CACHE);
        return new AccessLine(clock.millis(), id, request.method().name(), route,
                completed ? response.getStatusCode() : AccessLine.CLIENT_CLOSED, level == null ? "-" : level,
                System.nanoTime() - began, response.bytesWritten(), clients.of(request));
    }

    /** The template of the route that answered; a request no route with a path took is logged by its path. */
    private static String route(RoutingContext ctx) {
        Route route = ctx.currentRoute();
        String template = route == null ? null : route.getName();
        return template != null ? template : AccessLine.loggablePath(ctx.request().path());
    }

    private static String pathOf(HttpServerRequest request) {
        try {
            return request.path();
        } catch (RuntimeException e) {
            return null; // a request line the decoder could not read may have no usable URI
        }
    }
}
