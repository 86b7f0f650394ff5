package tme.api;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.internal.VertxInternal;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.Set;
import java.util.TreeSet;

/** The routes a running server really serves, read from its router ({@code Router.getRoutes()}). */
final class ServedRoutes {

    private ServedRoutes() {}

    /** The router of one of the server's {@link ApiVerticle}s (every instance builds the same table). */
    static Router router(TestServer server) {
        return ((VertxInternal) server.vertx).deploymentManager().deployments().stream()
                .flatMap(deployment -> deployment.deployment().instances().stream())
                .filter(ApiVerticle.class::isInstance).map(ApiVerticle.class::cast)
                .findFirst().orElseThrow(() -> new IllegalStateException("no ApiVerticle deployed")).router();
    }

    static void dump(Router router, String prefix) {
        for (Route route : router.getRoutes()) {
            System.out.println(prefix + "path=" + route.getPath() + " exact=" + route.isExactPath() + " regex="
                    + route.isRegexPath() + " methods=" + route.methods() + " name=" + route.getName() + " sub="
                    + (route.getSubRouter() != null));
            if (route.getSubRouter() != null) {
                dump(route.getSubRouter(), prefix + "  ");
            }
        }
    }
}
