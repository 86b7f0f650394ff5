package tme.api;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.Set;
import java.util.TreeSet;
import tme.api.http.RouteSpec;
import tme.api.http.RouteTable;

/**
 * The routes a running server serves, read from the route table its real router was built from (sub-routers'
 * routes from the router), and the operations an OpenAPI document names, both as {@code "METHOD /path"} in OpenAPI's path syntax
 * ({@code /v1/body/{channel}}), without a trailing slash (the router takes one either way).
 */
final class ServedRoutes {

    private ServedRoutes() {}

    /** The router of one of the server's {@link ApiVerticle}s (every instance builds the same table). */
    static Router router(TestServer server) {
        return ((VertxInternal) server.vertx).deploymentManager().deployments().stream()
                .flatMap(deployment -> deployment.deployment().instances().stream())
                .filter(ApiVerticle.class::isInstance).map(ApiVerticle.class::cast)
                .findFirst().orElseThrow(() -> new IllegalStateException("no ApiVerticle deployed")).router();
    }

    /**
     * Every method and path the router answers: the rows of the route table it was built from ({@link RouteTable}),
     * and under a row mounting a sub-router, the sub-router's routes (under its mount point; one on no path or a
     * prefix is {@code <prefix>/*}; one that takes any method is {@code ANY}).
     */
    static Set<String> served(Router router) {
        Set<String> served = new TreeSet<>();
        for (RouteSpec spec : RouteTable.of(router).specs()) {
            if (spec.sub() == null) {
                spec.methods().forEach(method -> served.add(method.name() + " " + normalized(spec.template())));
            }
        }
        for (Route route : router.getRoutes()) {
            if (route.getSubRouter() != null) {
                collect(route.getSubRouter(), route.getPath(), served);
            }
        }
        return served;
    }

    /** Every operation of the document's {@code paths}. */
    static Set<String> documented(JsonObject document) {
        Set<String> documented = new TreeSet<>();
        JsonObject paths = document.getJsonObject("paths");
        for (String path : paths.fieldNames()) {
            for (String method : paths.getJsonObject(path).fieldNames()) {
                documented.add(method.toUpperCase(java.util.Locale.ROOT) + " " + normalized(path));
            }
        }
        return documented;
    }

    private static void collect(Router router, String prefix, Set<String> served) {
        for (Route route : router.getRoutes()) {
            String path = route.getPath();
            if (route.getSubRouter() != null) {
                collect(route.getSubRouter(), prefix + path, served);
                continue;
            }
            String full = path == null ? prefix + "/*" : prefix + path + (route.isExactPath() ? "" : "*");
            Set<HttpMethod> methods = route.methods() == null ? Set.of() : route.methods();
            if (methods.isEmpty()) {
                served.add("ANY " + normalized(full));
            }
            for (HttpMethod method : methods) {
                served.add(method.name() + " " + normalized(full));
            }
        }
    }

    /** OpenAPI's {@code {name}} for Vert.x's {@code :name}; no trailing slash but on {@code /}. */
    private static String normalized(String path) {
        String openApi = path.replaceAll(":([A-Za-z0-9_]+)", "{$1}");
        return openApi.length() > 1 && openApi.endsWith("/") ? openApi.substring(0, openApi.length() - 1) : openApi;
    }
}
