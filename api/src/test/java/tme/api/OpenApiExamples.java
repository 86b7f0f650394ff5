package tme.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code examples} of an OpenAPI document's media types, wherever they are (operations, shared responses): each
 * one's place, its {@code summary} (the request that makes it, as docs/api.md's markers write one) and its value.
 */
final class OpenApiExamples {

    /** @param json whether the media type is JSON (compared as JSON), else text (compared as written) */
    record Example(String where, boolean json, String summary, Object value) {}

    private OpenApiExamples() {}

    static List<Example> all(JsonObject document) {
        List<Example> found = new ArrayList<>();
        collect(document, "", found);
        return found;
    }

    private static void collect(Object node, String where, List<Example> found) {
        if (node instanceof JsonObject object) {
            for (String name : object.fieldNames()) {
                Object value = object.getValue(name);
                if (name.equals("examples") && where.contains("/content/") && value instanceof JsonObject examples) {
                    examples.fieldNames().forEach(example -> {
                        JsonObject entry = examples.getJsonObject(example);
                        found.add(new Example(where + "/examples/" + example, where.endsWith("json"),
                                entry.getString("summary", ""), entry.getValue("value")));
                    });
                } else {
                    collect(value, where + "/" + name, found);
                }
            }
        } else if (node instanceof JsonArray array) {
            for (int i = 0; i < array.size(); i++) {
                collect(array.getValue(i), where + "/" + i, found);
            }
        }
    }
}
