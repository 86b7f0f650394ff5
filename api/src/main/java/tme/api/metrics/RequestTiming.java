package tme.api.metrics;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/**
 * The first handler of every request (the routing table installs it before any other): notes the time, and when the
 * answer has ended records it by route template, status and the level its {@code X-Cache} names. The route is the
 * one that answered ({@code ctx.currentRoute()}), or, for an answer from the failure handler or for no route, the
 * template the path matches ({@link RouteTemplates}). An answer its handler marked as a stream ({@link #STREAM}) is
 * recorded in {@link StreamMeters} instead, when it ends.
 */
final class RequestTiming implements Handler<RoutingContext> {

    /** The request's data key a handler sets when its answer becomes long-lived ({@link Telemetry#markStream}). */
    static final String STREAM = "tme.metrics.stream";

    private final RequestMeters meters;
    private final StreamMeters streams;
    private final RouteTemplates templates;

    RequestTiming(RequestMeters meters, StreamMeters streams, RouteTemplates templates) {
        this.meters = meters;
        this.streams = streams;
        this.templates = templates;
    }

    @Override
    public void handle(RoutingContext ctx) {
        long start = System.nanoTime();
        AnswerEnd.whenOver(ctx, sent -> record(ctx, start, sent));
        ctx.next();
    }

    private void record(RoutingContext ctx, long start, boolean sent) {
        if (ctx.get(STREAM) != null) {
            streams.record(route(ctx), start);
            return;
        }
        HttpServerResponse response = ctx.response();
        int status = sent ? response.getStatusCode() : RequestMeters.CLIENT_CLOSED;
        meters.record(route(ctx), status, AnswerLevel.of(response.headers().get(AnswerLevel.HEADER)), start);
    }

    private String route(RoutingContext ctx) {
        Route current = ctx.currentRoute();
        String path = current == null ? null : current.getPath();
        return path != null ? path : templates.match(RouteTemplates.normalizedPath(ctx));
    }
}
