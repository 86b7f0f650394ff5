package tme.api.metrics;

import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;

/**
 * The route template of a request that ended outside its route: a validation error or a bug goes through the
 * failure handler, which Vert.x runs with no route current, and a wrong method matches no route at all. Read
 * from the router's own table on first need (every route is registered by then), so no template is written twice.
 */
public final class RouteTemplates {

    /** Requests no route of ours takes: unknown paths, CORS preflights. */
    public static final String OTHER = "other";
    /** No table: every path is {@link #OTHER} (requests answered before any router, e.g. by the HTTP decoder). */
    public static final RouteTemplates NONE = new RouteTemplates(null);

    // Null for NONE.
    private final Router router;
    private volatile List<Template> templates;

    /** The templates of {@code router}'s routes (the access log reads them too, for the same names). */
    public RouteTemplates(Router router) {
        this.router = router;
    }

    /** The template {@code path} matches ({@code /v1/body/:channel}), or {@link #OTHER}. */
    public String match(String path) {
        if (path == null || router == null) {
            return OTHER;
        }
        String[] segments = segments(path);
        for (Template template : templates()) {
            if (template.matches(segments)) {
                return template.path();
            }
        }
        return OTHER;
    }

    /**
     * The path as the router matches it; one whose escapes cannot be decoded (the router answers it 400, and
     * vertx-web's {@code normalizedPath()} throws for it) as it came.
     */
    public static String normalizedPath(RoutingContext ctx) {
        try {
            return ctx.normalizedPath();
        } catch (IllegalArgumentException e) {
            return ctx.request().path();
        }
    }

    private List<Template> templates() {
        List<Template> known = templates;
        if (known == null) {
            known = new ArrayList<>();
            for (Route route : router.getRoutes()) {
                if (route.getPath() != null) { // a regular-expression route has none
                    known.add(new Template(route.getPath(), segments(route.getPath()), route.isExactPath()));
                }
            }
            templates = known = List.copyOf(known);
        }
        return known;
    }

    /** {@code /v1/body/durov/} as {@code [v1, body, durov]}: Vert.x takes a trailing slash as the same path. */
    private static String[] segments(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/", -1);
    }

    /** A path template: literal segments, {@code :name} for any one segment; not exact: a prefix. */
    private record Template(String path, String[] segments, boolean exact) {

        boolean matches(String[] request) {
            if (exact ? request.length != segments.length : request.length < segments.length) {
                return false;
            }
            for (int i = 0; i < segments.length; i++) {
                boolean parameter = segments[i].startsWith(":") && !request[i].isEmpty();
                if (!parameter && !segments[i].equals(request[i])) {
                    return false;
                }
            }
            return true;
        }
    }
}
