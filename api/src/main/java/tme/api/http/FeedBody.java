package tme.api.http;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;

/**
 * {@code POST /v1/feed}'s members as the document types them, checked before the values are read the way every front
 * end reads them ({@code FeedFilters}, which takes a query string's {@code "5"} and {@code "true"} too): in JSON a
 * number is a number and a flag a boolean, and {@code null} is no value (a member is left out for its default).
 */
final class FeedBody {

    private enum Type { INTEGER, BOOLEAN, LIST }

    private static final int MAX_SHOWN = 64;

    private static final Map<String, Type> MEMBERS = Map.of("limit", Type.INTEGER, "pages", Type.INTEGER,
            "include", Type.LIST, "exclude", Type.LIST, "media", Type.LIST, "forwards", Type.BOOLEAN,
            "replies", Type.BOOLEAN, "service", Type.BOOLEAN, "min_views", Type.INTEGER);

    /** The feed's parameters other than its channels and format, as a URL's query names them too. */
    static final java.util.Set<String> PARAMETERS = MEMBERS.keySet();

    private FeedBody() {}

    /** {@code body}, once each member ({@code channels} aside: its own check wants an array) it has of the document's is of its type; else a 422 naming the member. */
    static JsonObject checked(JsonObject body) {
        for (String name : body.fieldNames()) {
            Type type = MEMBERS.get(name);
            Object value = body.getValue(name);
            if (type != null && value == null) {
                throw invalid(name, name + " must not be null: leave it out for its default");
            }
            if (type != null && !typed(type, value)) {
                throw invalid(name, name + " must be " + switch (type) {
                    case INTEGER -> "an integer";
                    case BOOLEAN -> "true or false";
                    case LIST -> "a list or a comma-separated string";
                } + ": " + shown(value));
            }
        }
        return body;
    }

    private static boolean typed(Type type, Object value) {
        return switch (type) {
            case INTEGER -> value instanceof Integer || value instanceof Long;
            case BOOLEAN -> value instanceof Boolean;
            case LIST -> value instanceof JsonArray || value instanceof String;
        };
    }

    /** The value as JSON writes it ({@code "no"}, {@code 7}), cut to a length a problem can repeat. */
    private static String shown(Object value) {
        String json = Json.encode(value);
        return json.length() > MAX_SHOWN ? json.substring(0, MAX_SHOWN) + "…" : json;
    }

    private static InvalidInput invalid(String name, String detail) {
        return new InvalidInput(Problem.invalid(name, detail));
    }
}
