package tme.api.http;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;
import tme.api.service.Answer;

/**
 * What a GET route of a stored answer does with its parameters: call a service, which answers from the cache (a hit)
 * or after a load. Its row in the route table ({@link RouteSpec#stored}) carries it, so the router's route and
 * {@link HitsAhead}, before the router, answer with the same function.
 */
@FunctionalInterface
interface StoredRead {

    Future<Answer> answer(Params params);

    /** A request's parameters, from a routing context or from a path matched ahead of the router. */
    interface Params {

        /** The path parameter {@code name} ({@code :name} in the template). */
        String path(String name);

        /** The query parameter {@code name}, or null. */
        String query(String name);

        /** Who asks, as the upstream gate shares its work between clients (worked out only for a load). */
        String client();

        static Params of(RoutingContext ctx, Function<RoutingContext, String> clients) {
            return new Params() {
                @Override
                public String path(String name) {
                    return ctx.pathParam(name);
                }

                @Override
                public String query(String name) {
                    return ctx.queryParams().get(name);
                }

                @Override
                public String client() {
                    return clients.apply(ctx);
                }
            };
        }
    }
}
