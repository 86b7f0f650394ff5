package tme.api.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.graphql.GraphiQLHandlerOptions;
import java.nio.charset.StandardCharsets;

/**
 * GraphiQL's page, made once at start-up and answered from memory. vertx-web-graphql's own handler reads it on every
 * request with {@code readFileBlocking} on the event loop, and its first read unpacks GraphiQL's whole directory from
 * the jar: 8 to 14 s of a blocked loop on a busy machine, every request on that loop waiting. Its scripts and style
 * sheet are still served by that handler's static files (read off the loop).
 *
 * <p>The page is the handler's own: its {@code index.html} with the configuration it writes in place of
 * {@code __VERTX_GRAPHIQL_CONFIG__}, built the same way from the same options, with the same headers.
 */
public final class GraphiQLPage {

    static final String INDEX = "io/vertx/ext/web/handler/graphiql/index.html";
    private static final String PLACEHOLDER = "__VERTX_GRAPHIQL_CONFIG__";

    private final Buffer page;

    /** Reads the page from the classpath: call it at start-up, off the event loops. */
    GraphiQLPage(GraphiQLHandlerOptions options) {
        String index = new String(StaticBytes.resource(INDEX), StandardCharsets.UTF_8);
        if (!index.contains(PLACEHOLDER)) {
            throw new IllegalStateException(INDEX + " has no " + PLACEHOLDER + ": another vertx-web-graphql?");
        }
        this.page = Buffer.buffer(index.replace(PLACEHOLDER, config(options).encode()));
    }

    /** What the handler writes into the page (its {@code replacement}, without a per-request headers factory). */
    static JsonObject config(GraphiQLHandlerOptions options) {
        JsonObject config = new JsonObject().put("httpEnabled", options.isHttpEnabled());
        if (options.getGraphQLUri() != null) {
            config.put("graphQLUri", options.getGraphQLUri());
        }
        config.put("graphQLWSEnabled", options.isGraphQLWSEnabled());
        if (options.getGraphQLWSUri() != null) {
            config.put("graphQLWSUri", options.getGraphQLWSUri());
        }
        if (options.getWsConnectionParams() != null) {
            config.put("wsConnectionParams", options.getWsConnectionParams());
        }
        if (options.getHeaders() != null && !options.getHeaders().isEmpty()) {
            JsonObject headers = new JsonObject();
            options.getHeaders().forEach(headers::put);
            config.put("headers", headers);
        }
        if (options.getQuery() != null) {
            config.put("query", options.getQuery());
        }
        if (options.getVariables() != null) {
            config.put("parameters", options.getVariables());
        }
        return config;
    }

    /** {@code GET /graphiql/} and {@code /graphiql/index.html}, as the handler answers them. */
    void send(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/html;charset=utf8");
        Responses.end(ctx, page);
    }
}
