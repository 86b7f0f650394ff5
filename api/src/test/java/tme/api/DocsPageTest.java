package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /docs} is Swagger UI over this server's own {@code /openapi.json}, served whole by this server: the page,
 * every file it loads and every URL in them stay on this host, the validator is off, and only the webjar files the
 * page loads are served. {@code /} leads there; the document is served as written.
 */
class DocsPageTest {

    private static final Pattern REFERENCE = Pattern.compile("(?:src|href)=\"([^\"]+)\"");
    private static final Pattern CSS_URL = Pattern.compile("url\\(\\s*[\"']?([^\"')]+)");

    private static TestServer server;
    private static Calls calls;

    @BeforeAll
    static void start() {
        server = new TestServer();
        calls = new Calls(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void docs_isSwaggerUiOverOurDocument_andEverythingItLoadsIsOnThisHost() {
        HttpAnswer page = calls.get("/docs");
        assertEquals(200, page.status());
        assertEquals("text/html; charset=utf-8", page.header("Content-Type").orElseThrow());
        assertNoExternalUrl("/docs", page.text());
        List<String> references = references(page.text());
        assertEquals(5, references.size(), "the style sheet, two icons, the bundle, the initializer: " + references);
        for (String reference : references) {
            assertTrue(reference.startsWith("/docs/") && !reference.startsWith("//"), "off this host: " + reference);
            HttpAnswer asset = calls.get(reference);
            assertEquals(200, asset.status(), reference);
            assertTrue(asset.body().length > 500, reference + " is " + asset.body().length + " bytes");
            if (reference.endsWith(".css")) {
                for (String url : matches(CSS_URL, asset.text())) {
                    assertTrue(url.startsWith("data:"), reference + " loads " + url);
                }
            }
        }
        String initializer = calls.get("/docs/swagger-initializer.js").text();
        assertNoExternalUrl("the initializer", initializer);
        assertTrue(initializer.contains("url: \"/openapi.json\""), initializer);
        assertTrue(initializer.contains("validatorUrl: null"), initializer);
        assertEquals(200, calls.get("/openapi.json").status());
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void docs_servesOnlyTheWebjarFilesThePageLoads() {
        String assets = references(calls.get("/docs").text()).getFirst();
        String folder = assets.substring(0, assets.lastIndexOf('/') + 1);
        // The webjar's own page and initializer would load the Petstore's document from the internet.
        for (String other : List.of("index.html", "swagger-initializer.js", "swagger-ui-standalone-preset.js",
                "oauth2-redirect.html", "../../../META-INF/MANIFEST.MF")) {
            HttpAnswer answer = calls.get(folder + other);
            assertEquals(404, answer.status(), folder + other);
            assertEquals("route_not_found", answer.json().getString("code"));
        }
    }

    @Test
    void caching_assetsForAYear_pageAndDocumentRevalidated() {
        String asset = references(calls.get("/docs").text()).getFirst();
        String cacheControl = calls.get(asset).header("Cache-Control").orElseThrow();
        assertTrue(cacheControl.contains("max-age=31536000") && cacheControl.contains("immutable"), cacheControl);
        for (String path : List.of("/docs", "/docs/swagger-initializer.js", "/openapi.json")) {
            HttpAnswer answer = calls.get(path);
            assertEquals("public, max-age=300", answer.header("Cache-Control").orElseThrow(), path);
            String etag = answer.header("ETag").orElseThrow();
            assertTrue(etag.startsWith("\""), "a strong validator: " + etag);
            HttpAnswer revalidated = calls.get(path, "If-None-Match", etag);
            assertEquals(304, revalidated.status(), path);
            assertEquals(0, revalidated.body().length);
            HttpAnswer head = calls.head(path);
            assertEquals(200, head.status());
            assertEquals(0, head.body().length);
            assertEquals(Integer.toString(answer.body().length), head.header("Content-Length").orElseThrow(), path);
        }
    }

    @Test
    void openapiJson_isTheDocumentAsWritten() throws IOException {
        HttpAnswer served = calls.get("/openapi.json");
        assertEquals("application/json; charset=utf-8", served.header("Content-Type").orElseThrow());
        try (InputStream written = DocsPageTest.class.getClassLoader().getResourceAsStream("openapi.json")) {
            assertArrayEquals(written.readAllBytes(), served.body());
        }
    }

    /**
     * The document declares a HEAD operation beside most GETs; listed, each route would show twice. In the page each
     * operation but the HEADs is listed once.
     */
    @Test
    void inHeadlessChromium_eachRouteIsListedOnce_withoutItsHead() throws Exception {
        Chromium.assumeInstalled();
        io.vertx.core.json.JsonObject paths = calls.get("/openapi.json").json().getJsonObject("paths");
        List<String> declared = new ArrayList<>();
        List<String> getsWithoutHead = new ArrayList<>();
        for (String path : paths.fieldNames()) {
            io.vertx.core.json.JsonObject operations = paths.getJsonObject(path);
            if (operations.containsKey("get") && !operations.containsKey("head")) {
                getsWithoutHead.add(path);
            }
            for (String method : operations.fieldNames()) {
                if (List.of("get", "post").contains(method)) {
                    declared.add(method.toUpperCase(java.util.Locale.ROOT) + " " + path);
                }
            }
        }
        String url = "http://127.0.0.1:" + server.server.actualPort() + "/docs";
        org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(
                Chromium.run(List.of("--virtual-time-budget=20000", "--dump-dom", url)));

        List<String> listed = page.select(".opblock-summary").stream().map(operation ->
                operation.selectFirst(".opblock-summary-method").text() + " "
                        + operation.selectFirst(".opblock-summary-path").attr("data-path")).sorted().toList();
        assertEquals(declared.stream().sorted().toList(), listed);
        // The streams (/v1/stream's events, /v1/history's JSON lines) and the GraphQL pages take GET alone.
        assertEquals(List.of("/graphiql", "/graphiql/index.html", "/graphql", "/v1/history/{channel}", "/v1/stream"),
                getsWithoutHead.stream().sorted().toList(), "the document still declares every other GET's HEAD");
    }

    @Test
    void theDocsPage_isAtDocs_andDocsSlash() {
        assertEquals(200, calls.get("/docs").status());
        assertTrue(calls.get("/docs").text().contains("id=\"swagger-ui\""));
        assertEquals(calls.get("/docs").text(), calls.get("/docs/").text(), "the page at /docs/ too");
    }

    private static void assertNoExternalUrl(String where, String text) {
        assertFalse(text.contains("://") || text.contains("\"//") || text.contains("'//"),
                "an external URL in " + where + ":\n" + text);
    }

    private static List<String> references(String html) {
        return matches(REFERENCE, html);
    }

    private static List<String> matches(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        List<String> found = new ArrayList<>();
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }
}
