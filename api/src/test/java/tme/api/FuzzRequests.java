package tme.api;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import tme.scraper.testing.fuzz.Draw;

/**
 * Draws requests for one operation from its parameters' and body's schemas ({@link FuzzValues}): about half
 * conforming, most of the rest breaking the document in one place (a parameter's value, a required parameter left
 * out, the body's JSON, its media type), a few carrying a hostile value where the document allows any string.
 */
final class FuzzRequests {

    private static final List<String> NOT_JSON = List.of("", "{", "[1,", "not json", "\u0000", "{\"channels\":",
            "nul", "{'a':1}", "\uFEFF{}");
    private static final List<String> OTHER_TYPES = List.of("text/plain", "application/xml", "image/png",
            "multipart/form-data; boundary=x", "application/json-patch+json");

    /** A body the operation reads whatever its label says ({@code Content-Type} not checked): sent as JSON. */
    private static final String ANY_TYPE = "*/*";

    private final FuzzOperation operation;
    private final FuzzValues values;
    private final Draw draw;

    private FuzzRequests(FuzzOperation operation, FuzzValues values) {
        this.operation = operation;
        this.values = values;
        this.draw = values.draw();
    }

    static FuzzRequest draw(FuzzOperation operation, FuzzValues values) {
        return new FuzzRequests(operation, values).request();
    }

    private FuzzRequest request() {
        FuzzRequest.Kind kind = draw.weighted(
                Draw.Weighted.of(5, d -> FuzzRequest.Kind.CONFORMING),
                Draw.Weighted.of(4, d -> FuzzRequest.Kind.VIOLATING),
                Draw.Weighted.of(1, d -> FuzzRequest.Kind.HOSTILE));
        int places = operation.parameters().size() + (operation.bodyContent().isEmpty() ? 0 : 1);
        if (places == 0) {
            kind = FuzzRequest.Kind.CONFORMING;
        }
        int broken = places == 0 ? -1 : draw.between(0, places - 1);
        List<String> violations = new ArrayList<>();
        Map<String, Object> path = new LinkedHashMap<>();
        StringJoiner query = new StringJoiner("&");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; i < operation.parameters().size(); i++) {
            FuzzOperation.Parameter parameter = operation.parameters().get(i);
            Object value = parameterValue(parameter, i == broken ? kind : FuzzRequest.Kind.CONFORMING, violations);
            if (value == Missing.VALUE) {
                continue;
            }
            switch (parameter.in()) {
                case "path" -> path.put(parameter.name(), value);
                case "query" -> query(query, parameter, value);
                default -> headers.put(parameter.name(), headerText(value));
            }
        }
        byte[] body = null;
        if (!operation.bodyContent().isEmpty()) {
            body = body(broken == places - 1 ? kind : FuzzRequest.Kind.CONFORMING, headers, violations);
        }
        if (kind == FuzzRequest.Kind.VIOLATING && violations.isEmpty()) {
            kind = FuzzRequest.Kind.CONFORMING; // nothing of that place's form could break its schema
        }
        String target = target(path) + (query.length() == 0 ? "" : "?" + query);
        return new FuzzRequest(operation.method(), target, headers, body, kind, List.copyOf(violations));
    }

    private enum Missing { VALUE }

    private Object parameterValue(FuzzOperation.Parameter parameter, FuzzRequest.Kind kind, List<String> violations) {
        switch (kind) {
            case VIOLATING -> {
                if (parameter.required() && draw.chance(0.15)) {
                    violations.add(parameter.name() + ": required, left out");
                    return Missing.VALUE;
                }
                FuzzValues.Drawn drawn = violating(parameter);
                if (drawn != null) {
                    violations.add(parameter.name() + ": " + drawn.violation());
                    return drawn.value();
                }
                return values.conforming(parameter.name(), parameter.schema());
            }
            case HOSTILE -> {
                String hostile = values.hostile();
                return parameter.in().equals("header") ? hostile.replaceAll("[\r\n]", " ") : hostile;
            }
            default -> {
                if (!parameter.required() && draw.chance(0.5)) {
                    return Missing.VALUE;
                }
                return values.conforming(parameter.name(), parameter.schema());
            }
        }
    }

    private FuzzValues.Drawn violating(FuzzOperation.Parameter parameter) {
        if (parameter.json()) {
            return values.violating(parameter.name(), parameter.schema(), true);
        }
        FuzzValues.Drawn drawn = values.violating(parameter.name(), parameter.schema(), false);
        if (drawn != null && parameter.in().equals("header")) {
            if (drawn.value() instanceof FuzzValues.Raw) {
                return null; // a header is not percent-decoded: garbage there is a string like any other
            }
            return drawn.value() instanceof String text && text.matches(".*[\\r\\n].*") ? null : drawn;
        }
        return drawn;
    }

    private String target(Map<String, Object> path) {
        String target = operation.path();
        for (Map.Entry<String, Object> parameter : path.entrySet()) {
            target = target.replace("{" + parameter.getKey() + "}", encoded(parameter.getValue()));
        }
        return target;
    }

    private static void query(StringJoiner query, FuzzOperation.Parameter parameter, Object value) {
        String name = URLEncoder.encode(parameter.name(), StandardCharsets.UTF_8);
        if (parameter.json()) {
            query.add(name + "=" + (value instanceof FuzzValues.Raw raw ? raw.text()
                    : URLEncoder.encode(Json.encode(FuzzValues.jsonValue(value)), StandardCharsets.UTF_8)));
        } else if (value instanceof List<?> items && parameter.explode()) {
            items.forEach(item -> query.add(name + "=" + encoded(item)));
        } else if (value instanceof List<?> items) {
            StringJoiner joined = new StringJoiner(",");
            items.forEach(item -> joined.add(encoded(item)));
            query.add(name + "=" + joined);
        } else {
            query.add(name + "=" + encoded(value));
        }
    }

    private static String encoded(Object value) {
        if (value instanceof FuzzValues.Raw raw) {
            return raw.text();
        }
        return URLEncoder.encode(text(value), StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String text(Object value) {
        return value instanceof JsonObject object ? object.encode() : String.valueOf(value);
    }

    private static String headerText(Object value) {
        return value instanceof FuzzValues.Raw raw ? raw.text() : text(value);
    }

    private byte[] body(FuzzRequest.Kind kind, Map<String, String> headers, List<String> violations) {
        String type = draw.oneOf(new ArrayList<>(operation.bodyContent().fieldNames()));
        JsonObject schema = operation.bodyContent().getJsonObject(type);
        headers.put("Content-Type", type.equals(ANY_TYPE) ? draw.oneOf(OTHER_TYPES) : type);
        if (kind == FuzzRequest.Kind.VIOLATING) {
            return violatingBody(type, schema, headers, violations);
        }
        if (kind == FuzzRequest.Kind.HOSTILE) {
            return values.hostile().getBytes(StandardCharsets.UTF_8);
        }
        return bytes(type, values.conforming("body", schema));
    }

    private byte[] violatingBody(String type, JsonObject schema, Map<String, String> headers, List<String> violations) {
        int way = draw.between(0, 3);
        if (way == 0 && !operation.bodyContent().containsKey(ANY_TYPE)) {
            // One the operation does not take: /v1/opml/import takes application/xml, one of the others elsewhere.
            headers.put("Content-Type", draw.oneOf(OTHER_TYPES.stream()
                    .filter(other -> !operation.bodyContent().containsKey(other)).toList()));
            violations.add("body: a media type the operation does not take");
            return bytes(type, values.conforming("body", schema));
        }
        if (way == 1 && json(type)) {
            violations.add("body: not JSON");
            return draw.oneOf(NOT_JSON).getBytes(StandardCharsets.UTF_8);
        }
        FuzzValues.Drawn drawn = type.endsWith("form-urlencoded") ? formViolation(schema)
                : values.violating("body", schema, json(type));
        if (drawn == null) {
            return bytes(type, values.conforming("body", schema));
        }
        violations.add("body: " + drawn.violation());
        return bytes(type, drawn.value());
    }

    /** A form's fields are strings: what breaks it is a field's value, or a required field left out. */
    private FuzzValues.Drawn formViolation(JsonObject schema) {
        JsonObject form = (JsonObject) values.conforming("body", schema);
        JsonObject properties = schema.getJsonObject("properties");
        String field = draw.oneOf(new ArrayList<>(properties.fieldNames()));
        if (schema.getJsonArray("required").contains(field) && draw.chance(0.3)) {
            form.remove(field);
            return new FuzzValues.Drawn(form, field + ": required, left out");
        }
        FuzzValues.Drawn value = values.violating(field, properties.getJsonObject(field), false);
        if (value == null) {
            return null;
        }
        form.put(field, value.value() instanceof FuzzValues.Raw raw ? raw : text(value.value()));
        return new FuzzValues.Drawn(form, field + ": " + value.violation());
    }

    private static boolean json(String type) {
        return type.equals("application/json") || type.equals(ANY_TYPE);
    }

    private static byte[] bytes(String type, Object value) {
        String text;
        if (type.endsWith("form-urlencoded") && value instanceof JsonObject form) {
            StringJoiner fields = new StringJoiner("&");
            form.getMap().forEach((name, field) -> fields.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
                    + (field instanceof FuzzValues.Raw raw ? raw.text() : encoded(field))));
            text = fields.toString();
        } else if (json(type)) {
            text = Json.encode(FuzzValues.jsonValue(value));
        } else {
            text = text(value);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
