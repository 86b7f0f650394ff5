package tme.api.metrics;

import io.vertx.ext.web.RoutingContext;

/**
 * The route template of a request that ended outside its route: a validation error or a bug goes through the
 * failure handler, which Vert.x runs with no route current, and a wrong method matches no route at all. The route
 * table ({@code tme.api.http.RouteTable}) answers it from its rows, so no template is written twice.
 */
@FunctionalInterface
public interface RouteTemplates {

    /** Requests no route of ours takes: unknown paths, CORS preflights. */
    String OTHER = "other";
    /** No table: every path is {@link #OTHER} (requests answered before any router, e.g. by the HTTP decoder). */
    RouteTemplates NONE = path -> OTHER;

    /** The template {@code path} (normalized) matches ({@code /v1/body/:channel}), or {@link #OTHER}. */
    String match(String path);

    /**
     * The path as the router matches it; one whose escapes cannot be decoded (the router answers it 400, and
     * vertx-web's {@code normalizedPath()} throws for it) as it came.
     */
    static String normalizedPath(RoutingContext ctx) {
        try {
            return ctx.normalizedPath();
        } catch (IllegalArgumentException e) {
            return ctx.request().path();
        }
    }
}
