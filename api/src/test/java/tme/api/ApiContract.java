package tme.api;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.OutputUnit;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.validation.ResponseValidator;
import io.vertx.openapi.validation.ValidatableResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The OpenAPI document as a test reads it: its JSON as served, and vertx-openapi's {@link ResponseValidator} over it,
 * which checks a real answer's status (documented for the operation), its documented headers (required ones
 * present, values matching their schemas) and its JSON body (against the schema, {@code additionalProperties:
 * false} included). Checked here, where the validator cannot: the answer's media type is one the document lists for
 * that status, and an answer documented without content has no body.
 *
 * <p>vertx-openapi 5.0.7 reads only JSON, text and multipart media types, and refuses a contract naming others
 * ({@code application/problem+json}, {@code text/html}, the feeds' XML). It validates a {@link ValidatorView} of the
 * document instead, where those are renamed and nothing else changes. It also reads header values as JSON first,
 * so string-typed headers are handed to it as JSON strings ({@link #headers}).
 */
final class ApiContract {

    private final JsonObject document;
    private final OpenAPIContract contract;
    private final ResponseValidator validator;

    private ApiContract(JsonObject document, OpenAPIContract contract, Vertx vertx) {
        this.document = document;
        this.contract = contract;
        this.validator = ResponseValidator.create(vertx, contract);
    }

    /** The document the server serves at {@code /openapi.json}, read from that server. */
    static ApiContract servedBy(TestServer server) {
        java.net.http.HttpResponse<String> served = server.get("/openapi.json");
        assertTrue(served.statusCode() == 200, "GET /openapi.json: " + served.statusCode());
        return of(server.vertx, new JsonObject(served.body()));
    }

    static ApiContract of(Vertx vertx, JsonObject document) {
        OpenAPIContract contract = TestServer.await(OpenAPIContract.from(vertx, ValidatorView.of(document)));
        return new ApiContract(document, contract, vertx);
    }

    JsonObject document() {
        return document;
    }

    /**
     * Validates an answer to {@code method path} against the operation documented for that path and method; an
     * answer every path can give ({@link ValidatorView#anyPathStatus}: an unknown path, another method, a request
     * that cannot be read) that the operation does not document, against {@link ValidatorView#ANY_PATH}.
     */
    void validate(String method, String path, HttpAnswer response) {
        Operation operation = operation(method, path);
        int status = response.status();
        String anyPath = method.equals("HEAD") ? ValidatorView.ANY_PATH_HEAD : ValidatorView.ANY_PATH;
        String operationId = operation != null && documentedResponse(operation.getOperationId(), status) != null
                ? operation.getOperationId()
                : ValidatorView.anyPathStatus(status) ? anyPath
                : operation != null ? operation.getOperationId() : null;
        assertNotNull(operationId, method + " " + path + " is not documented, yet answered " + status);
        validateOperation(operationId, method + " " + path, response);
    }

    /** The id of the operation documented for {@code method path} (its query aside), or null when none is. */
    String operationId(String method, String path) {
        Operation operation = operation(method, path);
        return operation == null ? null : operation.getOperationId();
    }

    /** Every operation's id and the statuses it declares. */
    Map<String, java.util.Set<Integer>> declaredStatuses() {
        Map<String, java.util.Set<Integer>> declared = new java.util.TreeMap<>();
        for (String path : document.getJsonObject("paths").fieldNames()) {
            JsonObject item = document.getJsonObject("paths").getJsonObject(path);
            for (String method : item.fieldNames()) {
                JsonObject operation = item.getJsonObject(method);
                declared.put(operation.getString("operationId"), operation.getJsonObject("responses").fieldNames()
                        .stream().map(Integer::valueOf).collect(java.util.stream.Collectors.toCollection(
                                java.util.TreeSet::new)));
            }
        }
        return declared;
    }

    /** The operation for a request; a trailing slash the document does not write is the path without it. */
    private Operation operation(String method, String path) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        Operation operation = contract.findOperation(bare, HttpMethod.valueOf(method));
        if (operation == null && bare.length() > 1 && bare.endsWith("/")) {
            operation = contract.findOperation(bare.substring(0, bare.length() - 1), HttpMethod.valueOf(method));
        }
        return operation;
    }

    /** Validates {@code response} against the operation {@code operationId} ({@code what} names it in failures). */
    void validateOperation(String operationId, String what, HttpAnswer response) {
        String mediaType = mediaType(response);
        JsonObject documented = documentedResponse(operationId, response.status());
        assertNotNull(documented, what + ": status " + response.status() + " is not documented for "
                + operationId + "\n" + excerpt(response));
        JsonObject content = documented.getJsonObject("content");
        byte[] body = response.body();
        if (content == null || content.isEmpty()) {
            assertTrue(body.length == 0, what + ": " + response.status() + " is documented without a body, yet "
                    + "has " + body.length + " bytes");
        } else if (body.length > 0) {
            assertTrue(content.containsKey(mediaType), what + ": " + response.status() + " answered " + mediaType
                    + ", the document lists " + content.fieldNames() + "\n" + excerpt(response));
        }
        Map<String, String> headers = headers(response, documented);
        ValidatableResponse validatable = body.length == 0
                ? ValidatableResponse.create(response.status(), headers)
                : ValidatableResponse.create(response.status(), headers, Buffer.buffer(body),
                        ValidatorView.mediaType(mediaType));
        try {
            TestServer.await(validator.validate(validatable, operationId));
        } catch (IllegalStateException e) {
            fail(what + " (" + operationId + "): " + rootMessage(e) + "\n" + excerpt(response), e);
        }
    }

    /** Validates a JSON value against one of {@code components/schemas}, e.g. {@code Post}. */
    void validateSchema(String schema, Object value, String what) {
        JsonObject resolved = contract.getRawContract().getJsonObject("components").getJsonObject("schemas")
                .getJsonObject(schema);
        OutputUnit result = contract.getSchemaRepository().validator(JsonSchema.of(resolved)).validate(value);
        if (!result.getValid()) {
            fail(what + " is not a valid " + schema + ": " + errors(result) + "\n" + excerpt(String.valueOf(value)));
        }
    }

    /** The response object documented for a status (following a {@code $ref} to {@code components/responses}). */
    private JsonObject documentedResponse(String operationId, int status) {
        JsonObject responses = ValidatorView.isAnyPath(operationId) ? ValidatorView.anyPathResponses()
                : operationModel(operationId).getJsonObject("responses");
        JsonObject response = responses.getJsonObject(Integer.toString(status));
        if (response != null && response.containsKey("$ref")) {
            String name = response.getString("$ref").substring("#/components/responses/".length());
            response = document.getJsonObject("components").getJsonObject("responses").getJsonObject(name);
        }
        return response;
    }

    private JsonObject operationModel(String operationId) {
        for (String path : document.getJsonObject("paths").fieldNames()) {
            JsonObject item = document.getJsonObject("paths").getJsonObject(path);
            for (String method : item.fieldNames()) {
                if (operationId.equals(item.getJsonObject(method).getString("operationId"))) {
                    return item.getJsonObject(method);
                }
            }
        }
        throw new IllegalArgumentException("no operation " + operationId);
    }

    /** The media type without parameters ({@code application/json; charset=utf-8} is {@code application/json}). */
    private static String mediaType(HttpAnswer response) {
        return response.header("Content-Type").map(type -> type.split(";")[0].trim().toLowerCase(Locale.ROOT))
                .orElse("");
    }

    /**
     * Header values as one string each (repeated headers joined as HTTP joins them), names lower-cased. The validator
     * reads a value as JSON before checking it against its schema (so {@code 5} is a number), and a value it cannot
     * read fails ({@code W/"f4f1-102c1"}, any ETag): a header the document types as a string goes as a JSON string.
     */
    private Map<String, String> headers(HttpAnswer response, JsonObject documented) {
        JsonObject declared = documented.getJsonObject("headers", new JsonObject());
        Map<String, String> headers = new LinkedHashMap<>();
        response.headers().forEach((name, values) -> {
            String value = String.join(", ", values);
            headers.put(name, stringTyped(declared, name) ? Json.encode(value) : value);
        });
        return headers;
    }

    private boolean stringTyped(JsonObject declared, String name) {
        for (String header : declared.fieldNames()) {
            if (header.equalsIgnoreCase(name)) {
                JsonObject model = declared.getJsonObject(header);
                if (model.containsKey("$ref")) {
                    model = document.getJsonObject("components").getJsonObject("headers")
                            .getJsonObject(model.getString("$ref").substring("#/components/headers/".length()));
                }
                return "string".equals(model.getJsonObject("schema").getString("type"));
            }
        }
        return false;
    }

    /** The validator's reason, with the schema errors at the deepest places they were found. */
    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        String reason = "";
        String errors = "";
        while (cause.getCause() != null && cause.getCause() != cause) {
            if (cause instanceof io.vertx.openapi.validation.ValidatorException invalid && reason.isEmpty()) {
                reason = invalid.getMessage() + ": ";
            }
            if (cause instanceof io.vertx.openapi.validation.SchemaValidationException invalid) {
                errors = errors(invalid.getOutputUnit());
            }
            cause = cause.getCause();
        }
        return reason + cause.getClass().getSimpleName() + ": " + cause.getMessage() + errors;
    }

    private static String errors(OutputUnit result) {
        List<OutputUnit> leaves = new java.util.ArrayList<>();
        leaves(result, leaves);
        StringBuilder out = new StringBuilder();
        for (OutputUnit error : leaves.subList(0, Math.min(8, leaves.size()))) {
            out.append("\n  at ").append(error.getInstanceLocation()).append(": ").append(error.getError())
                    .append(" (").append(error.getKeywordLocation()).append(')');
        }
        return out.toString();
    }

    private static void leaves(OutputUnit unit, List<OutputUnit> leaves) {
        if (unit.getErrors() == null || unit.getErrors().isEmpty()) {
            if (unit.getError() != null) {
                leaves.add(unit);
            }
            return;
        }
        unit.getErrors().forEach(error -> leaves(error, leaves));
    }

    private static String excerpt(HttpAnswer response) {
        return response.toString();
    }

    private static String excerpt(String body) {
        return body.length() > 600 ? body.substring(0, 600) + "…" : body;
    }
}
