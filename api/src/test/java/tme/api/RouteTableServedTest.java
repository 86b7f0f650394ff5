package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.ext.web.Route;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.api.http.HitsAhead;
import tme.api.http.RouteSpec;
import tme.api.http.RouteTable;

/**
 * The production route table through a running server: for every row, the hits ahead of the router, a 405's
 * {@code Allow} and the template its request is timed under come from the row, and the client limit spares exactly
 * the operations and docs rows. (RouteTableTest shows a row added to a table changing each of them.)
 */
class RouteTableServedTest {

    private static TestServer server;
    private static RouteTable table;

    @BeforeAll
    static void start() {
        server = new TestServer();
        table = RouteTable.of(ServedRoutes.router(server));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theRoutersRoutes_areTheTablesRows_inOrder() {
        List<String> routed = ServedRoutes.router(server).getRoutes().stream().map(Route::getPath)
                .filter(Objects::nonNull).toList();
        List<String> rows = table.specs().stream().map(spec -> spec.template().replace("*", "")).toList();
        assertEquals(rows, routed, "every route the router has is a row of the table, nothing routed beside it");
    }

    @Test
    void everyStoredRead_isDispatchedAhead_andNothingElse() {
        List<String> stored = table.specs().stream().filter(spec -> spec.kind() == RouteSpec.Kind.STORED)
                .map(RouteSpec::template).toList();
        assertEquals(List.of("/v1/body/:channel", "/v1/more/:channel/:direction/:position", "/v1/post/:channel/:id",
                "/v1/preview/:channel"), stored);
        assertEquals(stored, ((HitsAhead) HitsAhead.entry(ServedRoutes.router(server))).routes());
    }

    @Test
    void aMethodNoRowTakes_is405_withTheRowsAllow_timedUnderTheRowsTemplate() {
        for (RouteSpec spec : table.specs()) {
            if (spec.template().endsWith("*")) {
                continue; // a sub-router's: its own router answers (GraphiQL's, Swagger UI's)
            }
            String path = spec.template().replaceAll(":[A-Za-z]+", "x");
            HttpResponse<String> response = server.send(server.request(path)
                    .method("DELETE", HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(405, response.statusCode(), path);
            assertEquals(allow(spec.template()), response.headers().firstValue("Allow").orElseThrow(), path);
        }
        PrometheusText metrics = PrometheusText.of(server);
        Map<String, Long> timed = new TreeMap<>();
        for (RouteSpec spec : table.specs()) {
            if (!spec.template().endsWith("*")) {
                timed.merge(label(spec.template()), 1L, Long::sum);
            }
        }
        for (Map.Entry<String, Long> route : timed.entrySet()) {
            assertEquals(route.getValue(), Math.round(metrics.sum("tme_http_requests_seconds_count",
                    "route=\"" + route.getKey() + "\"", "status=\"405\"")), route.getKey());
        }
        assertEquals(timed.values().stream().mapToLong(Long::longValue).sum(),
                Math.round(metrics.sum("tme_http_requests_seconds_count", "status=\"405\"")), "none timed as other");
    }

    /**
     * The template a 405 on a row's path is timed under: the row's, or, under a sub-router's prefix, the prefix's
     * (the sub-router answers it, under its mount).
     */
    private static String label(String template) {
        return table.specs().stream().map(RouteSpec::template).filter(row -> row.endsWith("*"))
                .map(row -> row.substring(0, row.length() - 1)).filter(template::startsWith).findFirst()
                .orElse(template);
    }

    @Test
    void theClientLimitSpares_exactlyTheOpsAndDocsRows() {
        Set<String> exempt = table.specs().stream().filter(RouteSpec::limitExempt).map(RouteSpec::template)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        assertEquals(List.of("/healthz", "/readyz", "/metrics", "/graphiql/", "/graphiql/index.html", "/graphiql*",
                "/openapi.json", "/docs*"), List.copyOf(exempt));
        for (RouteSpec spec : table.specs()) {
            String path = spec.template().replace("*", "/x").replaceAll(":[A-Za-z]+", "x");
            assertEquals(spec.limitExempt(), table.exempt(path), path);
        }
    }

    /** The methods of every row of {@code template}, in the table's order. */
    private static String allow(String template) {
        return table.specs().stream().filter(spec -> spec.template().equals(template))
                .flatMap(spec -> spec.methods().stream()).map(Object::toString).distinct()
                .collect(Collectors.joining(", "));
    }
}
