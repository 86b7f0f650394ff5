package tme.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One operation of the OpenAPI document as {@link OpenApiFuzzTest} drives it: its path template and method, its
 * parameters and its request body's media types, every {@code $ref} resolved.
 */
record FuzzOperation(String operationId, String method, String path, List<Parameter> parameters,
                     JsonObject bodyContent, boolean bodyRequired) {

    /** A parameter: where it goes, whether it must, and the schema its value has (a content parameter's too). */
    record Parameter(String name, String in, boolean required, JsonObject schema, boolean explode, boolean json) {}

    static List<FuzzOperation> of(JsonObject document) {
        List<FuzzOperation> operations = new ArrayList<>();
        JsonObject paths = document.getJsonObject("paths");
        for (String path : paths.fieldNames()) {
            JsonObject item = paths.getJsonObject(path);
            for (String method : item.fieldNames()) {
                operations.add(operation(document, path, method, item.getJsonObject(method)));
            }
        }
        return operations;
    }

    private static FuzzOperation operation(JsonObject document, String path, String method, JsonObject model) {
        List<Parameter> parameters = new ArrayList<>();
        for (Object entry : model.getJsonArray("parameters", new JsonArray())) {
            JsonObject parameter = resolved(document, (JsonObject) entry);
            boolean json = parameter.containsKey("content");
            JsonObject schema = json
                    ? parameter.getJsonObject("content").getJsonObject("application/json").getJsonObject("schema")
                    : parameter.getJsonObject("schema");
            String in = parameter.getString("in");
            parameters.add(new Parameter(parameter.getString("name"), in,
                    parameter.getBoolean("required", false), resolved(document, schema),
                    parameter.getBoolean("explode", !"header".equals(in) && !"path".equals(in)), json));
        }
        JsonObject body = model.getJsonObject("requestBody");
        JsonObject content = new JsonObject();
        if (body != null) {
            JsonObject declared = body.getJsonObject("content");
            for (String type : declared.fieldNames()) {
                content.put(type, resolved(document, declared.getJsonObject(type).getJsonObject("schema")));
            }
        }
        return new FuzzOperation(model.getString("operationId"), method.toUpperCase(Locale.ROOT), path,
                List.copyOf(parameters), content, body != null && body.getBoolean("required", false));
    }

    /** {@code model} with every {@code $ref} in it replaced by what it names (the document has no cycles). */
    static JsonObject resolved(JsonObject document, JsonObject model) {
        JsonObject resolved = model;
        while (resolved.containsKey("$ref")) {
            JsonObject target = document;
            for (String step : resolved.getString("$ref").substring(2).split("/")) {
                target = target.getJsonObject(step);
            }
            resolved = target;
        }
        JsonObject copy = new JsonObject();
        resolved.forEach(field -> copy.put(field.getKey(), resolvedValue(document, field.getValue())));
        return copy;
    }

    private static Object resolvedValue(JsonObject document, Object value) {
        if (value instanceof JsonObject object) {
            return resolved(document, object);
        }
        if (value instanceof JsonArray array) {
            JsonArray copy = new JsonArray();
            array.forEach(item -> copy.add(resolvedValue(document, item)));
            return copy;
        }
        return value;
    }

    @Override
    public String toString() {
        return method + " " + path + " (" + operationId + ")";
    }
}
