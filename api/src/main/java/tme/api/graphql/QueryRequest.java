package tme.api.graphql;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.Map;

/**
 * What a client asks of {@code /graphql}, as GraphQL over HTTP carries it: {@code GET ?query=&variables=&operationName=},
 * or a {@code POST} of {@code application/json} ({@code {"query", "variables", "operationName"}}) or of
 * {@code application/graphql} (the query itself, the rest in the URL). Read on the event loop: it is the request's
 * own bytes, at most 64 KiB, nothing is parsed as GraphQL here. A request that is none of these is {@link Unreadable}
 * with its status (400, or 415 for another media type), which the routing table's failure handler answers.
 *
 * @param query         the document
 * @param operationName the operation to run, or null
 * @param variables     the variables, empty when none
 */
record QueryRequest(String query, String operationName, Map<String, Object> variables) {

    /** The request {@code ctx} carries. */
    static QueryRequest read(RoutingContext ctx) {
        MultiMap params = ctx.queryParams();
        if (ctx.request().method() == HttpMethod.GET) {
            return of(params.get("query"), params.get("operationName"), variables(params.get("variables")));
        }
        String type = mediaType(ctx.request().getHeader(HttpHeaders.CONTENT_TYPE));
        if (type.equals("application/graphql")) {
            return of(ctx.body().asString(), params.get("operationName"), variables(params.get("variables")));
        }
        if (!type.equals("application/json")) {
            throw new Unreadable(415, null);
        }
        String body = ctx.body().asString();
        if (body != null && body.stripLeading().startsWith("[")) {
            throw new Unreadable(400, "a batch of queries is not served; send one query per request");
        }
        JsonObject json = json(body);
        object("extensions", json.getValue("extensions")); // unused, but typed as the document types it
        return of(text(json, "query"), text(json, "operationName"), object("variables", json.getValue("variables")));
    }

    private static QueryRequest of(String query, String operationName, Map<String, Object> variables) {
        if (query == null || query.isBlank()) {
            throw new Unreadable(400, "no query");
        }
        return new QueryRequest(query, operationName, variables);
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "application/json";
        }
        int parameters = contentType.indexOf(';');
        return (parameters < 0 ? contentType : contentType.substring(0, parameters)).trim().toLowerCase(Locale.ROOT);
    }

    private static JsonObject json(String body) {
        try {
            return new JsonObject(body == null ? "" : body);
        } catch (DecodeException | ClassCastException e) {
            throw new Unreadable(400, e.getMessage() == null ? "not a JSON object" : e.getMessage());
        }
    }

    private static String text(JsonObject json, String name) {
        Object value = json.getValue(name);
        if (value != null && !(value instanceof String)) {
            throw new Unreadable(400, name + " must be a string");
        }
        return (String) value;
    }

    private static Map<String, Object> variables(String encoded) {
        return encoded == null || encoded.isBlank() ? Map.of() : object("variables", json(encoded));
    }

    /** A member that is a JSON object or null (none): {@code variables}, {@code extensions}. */
    private static Map<String, Object> object(String name, Object value) {
        return switch (value) {
            case null -> Map.of();
            case JsonObject object -> object.getMap();
            default -> throw new Unreadable(400, name + " must be a JSON object");
        };
    }

    /** A request that carries no single query: answered with its status and reason by the failure handler. */
    static final class Unreadable extends RuntimeException {

        private final int status;

        Unreadable(int status, String reason) {
            super(reason, null, false, false);
            this.status = status;
        }

        int status() {
            return status;
        }
    }
}
