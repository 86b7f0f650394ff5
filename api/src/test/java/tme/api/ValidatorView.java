package tme.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The OpenAPI document as vertx-openapi 5.0.7 can validate it: the same paths, operations, statuses, headers and
 * schemas, with five changes for the validator's limits, none of which loosens a check of an answer.
 * <ul>
 *   <li>Media types: it reads only {@code application/json}, vendor {@code +json}, text and multipart types, and
 *   refuses a contract naming any other. A {@code +json} type becomes a vendor one with the same schema
 *   ({@code application/problem+json} is {@code application/vnd.problem+json}); a type that is not JSON (HTML, the
 *   feeds' XML, Prometheus text) becomes {@code application/octet-stream} without a schema, as the document gives
 *   those no schema beyond "a string". {@link ApiContract} checks the real media type against the document's.</li>
 *   <li>Header names lower-cased: it looks a documented header up by its name as written in a map of the answer's
 *   headers it lower-cased, so {@code ETag} would never be found.</li>
 *   <li>Two more operations, {@link #ANY_PATH} and {@link #ANY_PATH_HEAD}, at a path no request takes: the answers
 *   every path can give (an unknown path, another method, a request that cannot be read, a bug), which belong to
 *   no operation, with their bodies and, for HEAD, without.</li>
 *   <li>Servers: it reads each server's URL as an absolute {@code java.net.URL}, where the document's is relative
 *   ({@code /}: wherever it is served); a placeholder origin is put in front, the path (the base) stays.</li>
 *   <li>Parameters typed as content (GraphQL's {@code variables}: JSON in a query string): it refuses a contract with
 *   one, and only answers are validated here, so such a parameter is a string in the view.</li>
 * </ul>
 */
final class ValidatorView {

    static final String ANY_PATH = "anyPathAnswers";
    /** The same answers to HEAD: their headers, no body. */
    static final String ANY_PATH_HEAD = "anyPathHeadAnswers";
    private static final String ANY_PATH_PATH = "/__any_path_answers__";
    private static final String PLACEHOLDER_ORIGIN = "http://api.invalid";
    private static final String OCTET_STREAM = "application/octet-stream";

    private ValidatorView() {}

    static JsonObject of(JsonObject document) {
        JsonObject view = document.copy();
        JsonObject paths = view.getJsonObject("paths");
        for (String path : paths.fieldNames()) {
            JsonObject item = paths.getJsonObject(path);
            for (String method : item.fieldNames()) {
                JsonObject operation = item.getJsonObject(method);
                responses(operation.getJsonObject("responses"));
                parameters(operation.getJsonArray("parameters", new JsonArray()));
                if (operation.containsKey("requestBody")) {
                    operation.getJsonObject("requestBody").put("content",
                            content(operation.getJsonObject("requestBody").getJsonObject("content")));
                }
            }
        }
        for (Object server : view.getJsonArray("servers", new JsonArray())) {
            JsonObject entry = (JsonObject) server;
            if (entry.getString("url").startsWith("/")) {
                entry.put("url", PLACEHOLDER_ORIGIN + entry.getString("url"));
            }
        }
        JsonObject components = view.getJsonObject("components").getJsonObject("responses");
        responses(components);
        paths.put(ANY_PATH_PATH, new JsonObject()
                .put("get", new JsonObject().put("operationId", ANY_PATH).put("responses", anyPathResponses()))
                .put("head", new JsonObject().put("operationId", ANY_PATH_HEAD).put("responses", withoutBodies(
                        anyPathResponses(), components))));
        return view;
    }

    /** Every path's other answers, by status, as references to the document's {@code components/responses}. */
    static JsonObject anyPathResponses() {
        JsonObject responses = new JsonObject();
        Map.of("400", "MalformedRequest", "414", "MalformedRequest", "431", "MalformedRequest",
                        "404", "RouteNotFound", "405", "MethodNotAllowed", "429", "ClientRateLimited",
                        "500", "InternalError")
                .forEach((status, name) -> responses.put(status,
                        new JsonObject().put("$ref", "#/components/responses/" + name)));
        return responses;
    }

    static boolean isAnyPath(String operationId) {
        return ANY_PATH.equals(operationId) || ANY_PATH_HEAD.equals(operationId);
    }

    /** The responses as they answer HEAD: each referenced one inlined, without its content. */
    private static JsonObject withoutBodies(JsonObject references, JsonObject components) {
        JsonObject inlined = new JsonObject();
        for (String status : references.fieldNames()) {
            String name = references.getJsonObject(status).getString("$ref").substring("#/components/responses/".length());
            JsonObject response = components.getJsonObject(name).copy();
            response.remove("content");
            inlined.put(status, response);
        }
        return inlined;
    }

    /** Statuses every path may answer, whatever its operation documents. */
    static boolean anyPathStatus(int status) {
        return List.of(400, 404, 405, 414, 429, 431, 500).contains(status);
    }

    /** The name the view gives a media type. */
    static String mediaType(String type) {
        if (type.equals("application/json")) {
            return type;
        }
        return type.endsWith("+json") ? "application/vnd." + type.substring(type.indexOf('/') + 1) : OCTET_STREAM;
    }

    private static void responses(JsonObject responses) {
        for (String status : responses.fieldNames()) {
            JsonObject response = responses.getJsonObject(status);
            if (response.containsKey("content")) {
                response.put("content", content(response.getJsonObject("content")));
            }
            if (response.containsKey("headers")) {
                JsonObject lowerCased = new JsonObject();
                response.getJsonObject("headers").forEach(header ->
                        lowerCased.put(header.getKey().toLowerCase(Locale.ROOT), header.getValue()));
                response.put("headers", lowerCased);
            }
        }
    }

    private static void parameters(JsonArray parameters) {
        for (Object parameter : parameters) {
            JsonObject model = (JsonObject) parameter;
            if (model.remove("content") != null) {
                model.put("schema", new JsonObject().put("type", "string"));
            }
        }
    }

    private static JsonObject content(JsonObject content) {
        JsonObject renamed = new JsonObject();
        for (String type : content.fieldNames()) {
            String name = mediaType(type);
            renamed.put(name, name.equals(OCTET_STREAM) ? new JsonObject() : content.getJsonObject(type));
        }
        return renamed;
    }
}
