package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The route table and the OpenAPI document agree both ways: every method and path the real router serves (the rows of
 * the route table a running server's router was built from, and its sub-routers' routes) is an operation of the
 * served document, and every operation of
 * the document is served. The exceptions are listed here, each with why.
 */
class OpenApiRoutesTest {

    /** Served, and deliberately left out of the document: the files of the two browser pages, not API. */
    static final Map<Pattern, String> UNDOCUMENTED = Map.of(
            Pattern.compile("(GET|HEAD) /docs/.+"), "the docs page's initializer and the webjar's script, styles, icons",
            Pattern.compile("GET /graphiql/.+"), "GraphiQL's own router (vertx-web-graphql): its files and index.html");

    private static TestServer server;
    private static Set<String> served;
    private static Set<String> documented;

    @BeforeAll
    static void start() {
        server = new TestServer();
        served = ServedRoutes.served(ServedRoutes.router(server));
        documented = ServedRoutes.documented(ApiContract.servedBy(server).document());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void everyServedRoute_isDocumented() {
        Set<String> missing = new TreeSet<>(served);
        missing.removeAll(documented);
        missing.removeIf(route -> UNDOCUMENTED.keySet().stream().anyMatch(p -> p.matcher(route).matches()));
        assertEquals(Set.of(), missing, "served, yet not in openapi.json (document them, or list them in UNDOCUMENTED "
                + "with why); served: " + served);
    }

    @Test
    void everyDocumentedOperation_isServed() {
        Set<String> unserved = new TreeSet<>(documented);
        unserved.removeAll(served);
        assertEquals(Set.of(), unserved, "in openapi.json, yet the router does not serve them; served: " + served);
    }

    @Test
    void theExceptions_stillMatchSomething() {
        for (Pattern pattern : UNDOCUMENTED.keySet()) {
            assertTrue(served.stream().anyMatch(route -> pattern.matcher(route).matches()),
                    pattern + " (" + UNDOCUMENTED.get(pattern) + ") matches no served route: drop it");
        }
    }
}
