package tme.api.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;
import tme.api.problem.Problem;

/**
 * The API describing itself: the OpenAPI 3.1 document at {@code /openapi.json} (served as written, from the jar),
 * Swagger UI at {@code /docs} reading it, and {@code /} redirecting there. Swagger UI comes from the
 * {@code org.webjars:swagger-ui} artifact, so the page loads nothing from outside this server: its script and
 * style sheet are the webjar's, its initializer ours (our document, no validator badge, which would send the
 * document to an outside validator).
 */
final class ApiDocs {

    /** The OpenAPI document on the classpath, and where it is served. */
    static final String DOCUMENT = "openapi.json";
    static final String DOCS = "/docs";

    /** The webjar's files as it lays them out: {@code <root>/<version>/<file>}; served at {@code /docs/<version>/<file>}. */
    private static final String WEBJAR_ROOT = "META-INF/resources/webjars/swagger-ui";
    private static final String WEBJAR_PROPERTIES = "META-INF/maven/org.webjars/swagger-ui/pom.properties";
    /** The only webjar files served: what the page loads. The webjar's own page and initializer point elsewhere. */
    private static final List<String> ASSETS = List.of("swagger-ui.css", "swagger-ui-bundle.js",
            "favicon-32x32.png", "favicon-16x16.png");
    /** Asset URLs carry the webjar's version, so they never change meaning and may be cached for a year. */
    private static final long ASSET_MAX_AGE_SECONDS = 365L * 24 * 3600;

    /** Built once per process: the resources are the jar's, the same for every event loop's router. */
    private static final ApiDocs SHARED = new ApiDocs();

    private final String swaggerVersion = swaggerVersion();
    private final StaticBytes document = new StaticBytes(StaticBytes.resource(DOCUMENT), Responses.JSON);
    private final StaticBytes page = new StaticBytes(
            StaticBytes.text("tme/api/http/docs.html").replace("{{swagger-ui}}", DOCS + "/" + swaggerVersion)
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8),
            "text/html; charset=utf-8");
    private final StaticBytes initializer = new StaticBytes(
            StaticBytes.resource("tme/api/http/swagger-initializer.js"), "text/javascript; charset=utf-8");

    private ApiDocs() {}

    static ApiDocs shared() {
        return SHARED;
    }

    /** {@code GET /openapi.json}: the document as written. */
    void document(RoutingContext ctx) {
        document.send(ctx);
    }

    
    /** Mounted at {@code /docs*}: the page (at {@code /docs} and {@code /docs/}), our initializer, the webjar's assets. */
    Router router(Vertx vertx) {
        Router docs = Router.router(vertx);
        Routes.read(docs, "/").handler(page::send);
        Routes.read(docs, "/swagger-initializer.js").handler(initializer::send);
        StaticHandler webjar = StaticHandler.create(WEBJAR_ROOT + "/" + swaggerVersion).setCachingEnabled(true)
                .setMaxAgeSeconds(ASSET_MAX_AGE_SECONDS).setDirectoryListing(false);
        Routes.read(docs, "/" + swaggerVersion + "/*").handler(this::onlyAssets).handler(webjar);
        return docs;
    }

    /** The webjar's other files stay unserved: its own page and initializer would load another document. */
    private void onlyAssets(RoutingContext ctx) {
        String folder = DOCS + "/" + swaggerVersion + "/";
        String path = ctx.normalizedPath();
        if (path.startsWith(folder) && ASSETS.contains(path.substring(folder.length()))) {
            ctx.next();
        } else {
            Responses.problem(ctx, Problem.routeNotFound(ctx.request().path()));
        }
    }

    /** The webjar's version, from its Maven metadata: the pom pins it in one place. */
    private static String swaggerVersion() {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(StaticBytes.text(WEBJAR_PROPERTIES)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }
}
