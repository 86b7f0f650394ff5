package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import java.time.InstantSource;
import tme.api.metrics.AnswerEnd;
import tme.api.metrics.RouteTemplates;
import tme.api.metrics.Telemetry;

/**
 * The first handler of every routed request, and the one end of every request ({@link #finish}): routed, answered
 * ahead of the router ({@link HitsAhead}) or refused by the HTTP decoder ({@link InvalidRequests}). Its
 * {@code X-Request-Id} goes on the answer before anything else can write one (hits, misses, problems, 404s and 405s
 * all carry it); when the answer is over it is timed by route template, status and answering level (an answer a
 * handler marked as a stream in {@code tme_stream_seconds} instead), and, with {@code ACCESS_LOG} on, its line is
 * added to the loop's {@link LoopLines}. Per request that is one id, one header, one end handler and, when logging,
 * one line formatted into the loop's buffer.
 */
final class RequestStart implements Handler<RoutingContext> {

    private final InstantSource clock;
    private final ClientAddresses clients;
    // Null with ACCESS_LOG=false: then no line is made.
    private final AccessLog log;
    // This router's loop's buffer; null for requests answered outside a router, which go to the log one by one.
    private final LoopLines lines;
    private final RouteTemplates templates;
    // Null for the requests the decoder refused: those were never timed (they have no route), only logged.
    private final Telemetry telemetry;

    /**
     * @param lines     the buffer of the loop this handler's router serves, or null: each line offered to {@code log}
     *                  at once (from any thread)
     * @param telemetry where requests are timed, or null: not timed
     */
    RequestStart(InstantSource clock, ClientAddresses clients, AccessLog log, LoopLines lines,
                 RouteTemplates templates, Telemetry telemetry) {
        this.clock = clock;
        this.clients = clients;
        this.log = log;
        this.lines = lines;
        this.templates = templates;
        this.telemetry = telemetry;
    }

    @Override
    public void handle(RoutingContext ctx) {
        long began = System.nanoTime();
        CharSequence id = id(ctx.request());
        ctx.response().headers().add(RequestIds.HEADER, id);
        AnswerEnd.whenOver(ctx, sent -> finish(ctx.request(), id, began, sent, route(ctx), ctx));
        ctx.next();
    }

    /** The request's id: the client's if sane, else a new one. */
    CharSequence id(HttpServerRequest request) {
        return RequestIds.of(request.getHeader(RequestIds.HEADER));
    }

    /**
     * The end of {@code request}, once its answer was sent ({@code completed}) or its connection closed first (a
     * 499): timed and logged under {@code route}, a template ({@link RouteTemplates#OTHER}: logged as its path,
     * shortened). {@code ctx} is the routing context of a routed request, else null. On the request's loop.
     */
    void finish(HttpServerRequest request, CharSequence id, long began, boolean completed, String route,
                RoutingContext ctx) {
        HttpServerResponse response = request.response();
        int status = completed ? response.getStatusCode() : AccessLine.CLIENT_CLOSED;
        String level = response.headers().get(Responses.X_CACHE);
        if (telemetry != null) {
            if (ctx != null && Telemetry.isStream(ctx)) {
                telemetry.recordStream(route, began);
            } else {
                telemetry.recordRequest(route, status, level, began);
            }
        }
        if (log != null) {
            String logged = route.equals(RouteTemplates.OTHER) ? AccessLine.loggablePath(pathOf(request)) : route;
            add(new AccessLine(clock.millis(), id, request.method().name(), logged, status, level == null ? "-" : level,
                    System.nanoTime() - began, response.bytesWritten(),
                    ctx != null ? clients.of(ctx) : clients.of(request)));
        }
    }

    private void add(AccessLine line) {
        if (lines != null) {
            lines.add(line);
        } else {
            log.offer(line);
        }
    }

    /**
     * The template of the route that answered: the current route's, or for an answer from the failure or error
     * handlers (a 422, a 405) the template its path matches, or {@link RouteTemplates#OTHER}.
     */
    private String route(RoutingContext ctx) {
        Route route = ctx.currentRoute();
        String template = route == null ? null : route.getPath();
        return template != null ? template : templates.match(RouteTemplates.normalizedPath(ctx));
    }

    private static String pathOf(HttpServerRequest request) {
        try {
            return request.path();
        } catch (RuntimeException e) {
            return null; // a request line the decoder could not read may have no usable URI
        }
    }
}
