package tme.api.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The template of a request that ended outside its route (a failure, a wrong method), from the router's table. */
class RouteTemplatesTest {

    final Vertx vertx = Vertx.vertx();
    final Router router = Router.router(vertx);
    final RouteTemplates templates = new RouteTemplates(router);

    RouteTemplatesTest() {
        router.route().handler(ctx -> ctx.next());
        router.get("/healthz").handler(ctx -> ctx.end());
        router.get("/v1/body/:channel").handler(ctx -> ctx.end());
        router.get("/v1/more/:channel/:direction/:position").handler(ctx -> ctx.end());
        router.route("/graphiql*").handler(ctx -> ctx.end());
    }

    @AfterEach
    void close() {
        vertx.close();
    }

    @Test
    void pathsMatchTheirTemplate_trailingSlashIncluded() {
        assertEquals("/v1/body/:channel", templates.match("/v1/body/durov"));
        assertEquals("/v1/body/:channel", templates.match("/v1/body/durov/"));
        assertEquals("/v1/more/:channel/:direction/:position", templates.match("/v1/more/durov/before/10"));
        assertEquals("/healthz", templates.match("/healthz"));
        assertEquals("/graphiql", templates.match("/graphiql/index.html"));
    }

    @Test
    void pathsOfNoRoute_areOther() {
        assertEquals(RouteTemplates.OTHER, templates.match("/v1/body"));
        assertEquals(RouteTemplates.OTHER, templates.match("/v1/body/durov/extra"));
        assertEquals(RouteTemplates.OTHER, templates.match("/nowhere"));
        assertEquals(RouteTemplates.OTHER, templates.match("/"));
        assertEquals(RouteTemplates.OTHER, templates.match(null));
    }
}
