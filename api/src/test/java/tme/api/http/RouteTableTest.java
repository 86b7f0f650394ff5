package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.api.http.RouteSpec.Kind;
import tme.api.metrics.RouteTemplates;

/**
 * A route is one row of the table, and the rest follows from the rows: the reads answered ahead of the router, the
 * {@code Allow} of a 405, the client limit's exemptions, the template a path is timed and logged under, the routes
 * timed as streams and the methods CORS allows. (RouteTableServedTest shows the production table doing the same
 * through a running server.)
 */
class RouteTableTest {

    private static final Handler<RoutingContext> END = RoutingContext::end;
    private static final StoredRead READ = params -> Future.succeededFuture();

    private static final List<RouteSpec> ROWS = List.of(
            RouteSpec.of("/healthz", RouteSpec.READ, Kind.OPS, END),
            RouteSpec.read("/v1/:kind/special/:n", END),
            RouteSpec.stored("/v1/body/:channel", READ, read -> END),
            RouteSpec.stored("/v1/post/special/:n", READ, read -> END),
            RouteSpec.read("/v1/feed", END),
            RouteSpec.of("/v1/feed", RouteSpec.POST, Kind.HANDLER, END),
            RouteSpec.of("/v1/stream", RouteSpec.GET, Kind.STREAM, END),
            RouteSpec.of("/graphql", List.of(HttpMethod.GET, HttpMethod.POST), Kind.GRAPHQL, END),
            RouteSpec.mount("/docs*", RouteSpec.READ, Kind.DOCS, Router::router));

    private final RouteTable table = new RouteTable(ROWS);

    @Test
    void addingARow_isOneLine_andEveryViewFollows() {
        assertEquals(RouteTemplates.OTHER, table.match("/v1/extra/durov"));
        List<RouteSpec> rows = new ArrayList<>(ROWS);
        rows.add(RouteSpec.stored("/v1/extra/:channel", READ, read -> END));
        rows.add(RouteSpec.of("/livez", RouteSpec.READ, Kind.OPS, END));
        rows.add(RouteSpec.of("/v1/tail", RouteSpec.GET, Kind.STREAM, END));
        RouteTable added = new RouteTable(rows);

        assertEquals(List.of("/v1/body/:channel", "/v1/extra/:channel"), templates(added.ahead()));
        assertEquals("/v1/extra/:channel", added.match("/v1/extra/durov"));
        assertEquals("GET, HEAD", added.allowed("/v1/extra/durov"));
        assertFalse(added.exempt("/v1/extra/durov"));
        assertTrue(added.exempt("/livez"), "an ops row is spared by the client limit");
        assertEquals("/livez", added.match("/livez/"));
        assertEquals("GET", added.allowed("/v1/tail"));
        assertEquals(List.of("/v1/stream", "/v1/tail"), Arrays.asList(added.streams()));
    }

    @Test
    void ahead_theStoredReads_noEarlierRowStandsInFrontOf() {
        assertEquals(List.of("/v1/body/:channel"), templates(table.ahead()),
                "/v1/post/special/:n is behind /v1/:kind/special/:n, which the router would try first");
        String[] values = table.template(table.ahead().get(0)).match("/v1/body/durov");
        assertEquals(List.of("durov"), Arrays.asList(values));
    }

    @Test
    void allow_theMethodsOfEveryRowTakingThePath() {
        assertEquals("GET, HEAD, POST", table.allowed("/v1/feed"));
        assertEquals("GET, HEAD, POST", table.allowed("/v1/feed/"));
        assertEquals("GET", table.allowed("/v1/stream"));
        assertEquals("GET, POST", table.allowed("/graphql"));
        assertEquals("GET, HEAD", table.allowed("/docs/ui.js"), "a sub-router's row names the methods its routes take");
        assertEquals("GET, HEAD", table.allowed("/v1/body/durov"));
    }

    @Test
    void exempt_opsAndDocsRows_onTheNormalizedPath() {
        for (String path : List.of("/healthz", "/docs", "/docs/", "/docs/ui.js")) {
            assertTrue(table.exempt(path), path);
        }
        for (String path : List.of("/v1/body/durov", "/graphql", "/healthz/x", "/healthzz", "/", "/docsx", "/nowhere")) {
            assertFalse(table.exempt(path), path);
        }
    }

    @Test
    void match_theFirstRowsTemplate_asVertxNamesIt() {
        assertEquals("/v1/body/:channel", table.match("/v1/body/durov"));
        assertEquals("/v1/body/:channel", table.match("/v1/body/durov/"));
        assertEquals("/v1/:kind/special/:n", table.match("/v1/post/special/1"), "the row the router tries first");
        assertEquals("/docs", table.match("/docs/index.html"));
        assertEquals(RouteTemplates.OTHER, table.match("/v1/body"));
        assertEquals(RouteTemplates.OTHER, table.match(null));
        assertTrue(table.is("/graphql/", Kind.GRAPHQL));
        assertFalse(table.is("/graphiql", Kind.GRAPHQL));
    }

    @Test
    void methods_everyMethodOfEveryRow_forCors() {
        assertEquals(List.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST), List.copyOf(table.methods()));
    }

    private static List<String> templates(List<RouteSpec> rows) {
        return rows.stream().map(RouteSpec::template).toList();
    }
}
