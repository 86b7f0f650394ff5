package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import java.time.InstantSource;
import tme.api.metrics.AnswerEnd;
import tme.api.metrics.RouteTemplates;

/**
 * The first handler of every request after the metrics' timing: its {@code X-Request-Id} goes on the answer before
 * anything else can write one (hits, misses, problems, 404s and 405s all carry it), and, with {@code ACCESS_LOG} on,
 * its line is added to the loop's {@link LoopLines} when the answer ends. Per request that is one id, one header
 * and, when logging, one end handler and one line formatted into the loop's buffer.
 */
final class RequestStart implements Handler<RoutingContext> {

    private final InstantSource clock;
    private final ClientAddresses clients;
    // Null with ACCESS_LOG=false: then no end handler is registered and no line is made.
    private final AccessLog log;
    // This router's loop's buffer; null for requests answered outside a router, which go to the log one by one.
    private final LoopLines lines;
    private final RouteTemplates templates;

    /**
     * @param lines the buffer of the loop this handler's router serves, or null: each line offered to {@code log}
     *              at once (from any thread)
     */
    RequestStart(InstantSource clock, ClientAddresses clients, AccessLog log, LoopLines lines,
                 RouteTemplates templates) {
        this.clock = clock;
        this.clients = clients;
        this.log = log;
        this.lines = lines;
        this.templates = templates;
    }

    @Override
    public void handle(RoutingContext ctx) {
        CharSequence id = id(ctx.request());
        ctx.response().headers().add(RequestIds.HEADER, id);
        if (log != null) {
            long began = System.nanoTime();
            AnswerEnd.whenOver(ctx, sent -> logged(ctx, id, began, sent));
        }
        ctx.next();
    }

    /** The request's id: the client's if sane, else a new one. */
    CharSequence id(HttpServerRequest request) {
        return RequestIds.of(request.getHeader(RequestIds.HEADER));
    }

    /** A request answered outside the router (the decoder refused it): logged under its shortened path. */
    void logInvalid(HttpServerRequest request, CharSequence id, long began) {
        if (log != null) {
            log.offer(line(request, id, began, true, AccessLine.loggablePath(pathOf(request)), clients.of(request)));
        }
    }

    /**
     * The line of a request answered ahead of the router ({@link HitsAhead}), under its route's template; on the
     * request's loop, as for a routed one.
     */
    void logged(HttpServerRequest request, CharSequence id, long began, boolean completed, String route) {
        if (log != null) {
            add(line(request, id, began, completed, route, clients.of(request)));
        }
    }

    /** Runs on the request's loop, the one whose {@link LoopLines} this handler holds. */
    private void logged(RoutingContext ctx, CharSequence id, long began, boolean completed) {
        add(line(ctx.request(), id, began, completed, route(ctx), clients.of(ctx)));
    }

    private void add(AccessLine line) {
        if (lines != null) {
            lines.add(line);
        } else {
            log.offer(line);
        }
    }

    private AccessLine line(HttpServerRequest request, CharSequence id, long began, boolean completed, String route,
                            String client) {
        HttpServerResponse response = request.response();
        String level = response.headers().get(Responses.X_CACHE);
        return new AccessLine(clock.millis(), id, request.method().name(), route,
                completed ? response.getStatusCode() : AccessLine.CLIENT_CLOSED, level == null ? "-" : level,
                System.nanoTime() - began, response.bytesWritten(), client);
    }

    /**
     * The template of the route that answered, as the metrics name it: the current route's, or for an answer from
     * the failure or error handlers (a 422, a 405) the template its path matches; a path no route has (a 404) is
     * logged as it is, shortened.
     */
    private String route(RoutingContext ctx) {
        Route route = ctx.currentRoute();
        String template = route == null ? null : route.getPath();
        if (template == null) {
            template = templates.match(RouteTemplates.normalizedPath(ctx));
        }
        return template.equals(RouteTemplates.OTHER) ? AccessLine.loggablePath(ctx.request().path()) : template;
    }

    private static String pathOf(HttpServerRequest request) {
        try {
            return request.path();
        } catch (RuntimeException e) {
            return null; // a request line the decoder could not read may have no usable URI
        }
    }
}
