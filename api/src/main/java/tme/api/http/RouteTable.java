package tme.api.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import tme.api.metrics.RouteTemplates;

/**
 * The routes, declared once ({@link RouteSpec}, in {@link Routes#table}), and everything read from them: the router's
 * routes ({@link #mount}), the routes answered ahead of it ({@link #ahead}), the {@code Allow} of a 405
 * ({@link #allowed}), the per-client limit's exemptions ({@link #exempt}), the template a path is timed and logged
 * under ({@link #match}), the routes timed as streams ({@link #streams}) and the methods CORS allows
 * ({@link #methods}). Immutable; shared by every loop. Naming a path walks the rows with {@link PathTemplate#covers}:
 * no regular expression, no allocation.
 */
public final class RouteTable implements RouteTemplates {

    /** Router metadata: the table the router was built from ({@link #of}). */
    static final String METADATA = "tme.routeTable";

    private final List<RouteSpec> specs;
    private final PathTemplate[] templates; // specs' templates, same order

    RouteTable(List<RouteSpec> specs) {
        this.specs = List.copyOf(specs);
        this.templates = this.specs.stream().map(spec -> PathTemplate.of(spec.template())).toArray(PathTemplate[]::new);
    }

    /** The table {@code router} was built from ({@link Routes}), or null. */
    public static RouteTable of(Router router) {
        return router.getMetadata(METADATA);
    }

    /** The rows, in the order the router tries them. */
    public List<RouteSpec> specs() {
        return specs;
    }

    /** Adds every row to {@code router}, in the table's order. */
    void mount(Router router, Vertx vertx) {
        router.putMetadata(METADATA, this);
        for (RouteSpec spec : specs) {
            Route route = router.route(spec.template());
            if (spec.sub() != null) {
                route.subRouter(spec.sub().apply(vertx));
                continue;
            }
            spec.methods().forEach(route::method);
            spec.handlers().forEach(route::handler);
        }
    }

    /** The stored reads no row before them could take a path of, in the table's order: what may go ahead. */
    public List<RouteSpec> ahead() {
        List<RouteSpec> ahead = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i).kind() == RouteSpec.Kind.STORED && !shadowed(i)) {
                ahead.add(specs.get(i));
            }
        }
        return List.copyOf(ahead);
    }

    private boolean shadowed(int row) {
        for (int i = 0; i < row; i++) {
            if (templates[row].overlaps(templates[i])) {
                return true;
            }
        }
        return false;
    }

    /** The matcher of row {@code spec} (one of {@link #specs}). */
    PathTemplate template(RouteSpec spec) {
        return templates[specs.indexOf(spec)];
    }

    /** The {@code Allow} of a 405 on {@code path}: the methods of every row taking it ({@code GET, HEAD} if none). */
    public String allowed(String path) {
        Set<HttpMethod> methods = new LinkedHashSet<>();
        for (int i = 0; i < templates.length; i++) {
            if (templates[i].covers(path)) {
                methods.addAll(specs.get(i).methods());
            }
        }
        StringJoiner allow = new StringJoiner(", ");
        (methods.isEmpty() ? RouteSpec.READ : methods).forEach(method -> allow.add(method.name()));
        return allow.toString();
    }

    /** Whether the per-client limit spares {@code path} (normalized): the first row taking it says. */
    public boolean exempt(String path) {
        RouteSpec spec = first(path);
        return spec != null && spec.limitExempt();
    }

    /** Whether {@code path}'s first row is of {@code kind}. */
    public boolean is(String path, RouteSpec.Kind kind) {
        RouteSpec spec = first(path);
        return spec != null && spec.kind() == kind;
    }

    /** The template of the first row taking {@code path}, as Vert.x names its route, or {@link #OTHER}. */
    @Override
    public String match(String path) {
        for (PathTemplate template : templates) {
            if (template.covers(path)) {
                return template.label();
            }
        }
        return OTHER;
    }

    /** The templates of the stream rows: their {@code tme_stream_seconds} series exist from the start. */
    public String[] streams() {
        return specs.stream().filter(spec -> spec.kind() == RouteSpec.Kind.STREAM).map(RouteSpec::template)
                .toArray(String[]::new);
    }

    /** Every method some row takes (what CORS allows). */
    public Set<HttpMethod> methods() {
        Set<HttpMethod> methods = new LinkedHashSet<>();
        specs.forEach(spec -> methods.addAll(spec.methods()));
        return methods;
    }

    private RouteSpec first(String path) {
        for (int i = 0; i < templates.length; i++) {
            if (templates[i].covers(path)) {
                return specs.get(i);
            }
        }
        return null;
    }
}
