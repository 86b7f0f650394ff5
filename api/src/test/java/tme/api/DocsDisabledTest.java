package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code DISABLE_DOCS}, the prior art's switch: the document, Swagger UI and the {@code /} redirect all answer 404. */
class DocsDisabledTest {

    @Test
    void disableDocs_hidesTheDocumentAndTheDocs_andTheApiAndHomePageStillAnswer() {
        for (String disabled : List.of("true", "1")) {
            try (TestServer server = new TestServer(Map.of("DISABLE_DOCS", disabled))) {
                for (String path : List.of("/openapi.json", "/docs", "/docs/", "/docs/index.html")) {
                    ErrorsTest.assertProblem(server.get(path), 404, "route_not_found");
                }
                assertEquals(200, server.get("/v1/body/durov").statusCode());
                assertEquals(false, server.get("/").body().contains("href=\"/docs\""), "the home page, no docs link");
                assertEquals(200, server.get("/graphiql/").statusCode(), "GraphiQL has its own switch");
                assertEquals(1, server.tme.totalHits());
            }
        }
    }

    @Test
    void disableDocsFalse_servesThemAll() {
        try (TestServer server = new TestServer(Map.of("DISABLE_DOCS", "false"))) {
            assertEquals(200, server.get("/openapi.json").statusCode());
            assertEquals(200, server.get("/docs").statusCode());
            assertEquals(true, server.get("/").body().contains("href=\"/docs\""), "the home page links to them");
        }
    }
}
