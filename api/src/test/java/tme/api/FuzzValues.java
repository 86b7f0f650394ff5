package tme.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tme.scraper.testing.fuzz.Draw;

/**
 * Values drawn from a JSON schema (as the OpenAPI document writes it), the way an OpenAPI fuzzer draws them: ones
 * that conform (type, enum, minimum/maximum, minLength/maxLength, pattern, minItems/maxItems, required) and ones that
 * break one of those constraints, each saying which. A name the fuzzer knows good values for ({@code channel}: the
 * channels the fake t.me serves) gets one of them often, so conforming requests reach real answers, not only 404s.
 */
final class FuzzValues {

    /** A string put in a URI as it is, not percent-encoded: percent-garbage no decoder reads. */
    record Raw(String text) {}

    /** A drawn value and, when it breaks the schema, how (null when it conforms). */
    record Drawn(Object value, String violation) {

        static Drawn conforming(Object value) {
            return new Drawn(value, null);
        }
    }

    /** Strings that hold no character a form or a URI would misread; the rest of what fuzzers send goes below. */
    private static final List<String> WORDS = List.of("durov", "telegram", "Привет", "日本語", "héllo", "🙂", "👍🏽",
            "#tag", "$cash", "word_2", "a b", "ΑΒΓ", "مرحبا", "x");
    private static final List<String> HOSTILE = List.of("", " ", "\t", "\u0000", "\u0001x", "\u007f", "\u0085", "a\nb",
            "🙂🙂🙂", "\uFEFF", "\u202Eevil", "../../etc/passwd", "' OR 1=1 --", "<script>", "null", "-1", "0", "1e309",
            "NaN", "{}", "[]", ",", ",,", "%", "%%", "\\", "\"", "a".repeat(5000));
    private static final List<String> GARBAGE = List.of("%zz", "%", "%G0", "a%2", "%%41");

    /**
     * Names whose good values only the server knows: a stream cursor it wrote, a topic on its own origin. The
     * document types them as strings (it cannot name the origin it is served at, and a cursor is opaque), so a
     * conforming one is always one of the known values.
     */
    private static final java.util.Set<String> ISSUED = java.util.Set.of("Last-Event-ID", "last_event_id",
            "hub.topic");

    private final Draw draw;
    private final Map<String, List<Object>> known;

    FuzzValues(Draw draw, Map<String, List<Object>> known) {
        this.draw = draw;
        this.known = known;
    }

    Draw draw() {
        return draw;
    }

    /** A value of {@code schema} ({@code name} is the parameter's or property's, for known good values). */
    Object conforming(String name, JsonObject schema) {
        List<Object> good = known.get(name);
        boolean scalar = !type(schema).equals("array") && !type(schema).equals("object");
        if (good != null && scalar && (ISSUED.contains(name) || draw.chance(0.7))) {
            return draw.oneOf(good);
        }
        if (schema.containsKey("enum")) {
            return draw.oneOf(schema.getJsonArray("enum").getList());
        }
        return switch (type(schema)) {
            case "null" -> null;
            case "boolean" -> draw.chance(0.5);
            case "integer" -> integer(schema);
            case "array" -> array(name, schema);
            case "object" -> object(schema);
            default -> string(schema);
        };
    }

    /** A value breaking {@code schema} in one way, or null when nothing of {@code where}'s form can break it. */
    Drawn violating(String name, JsonObject schema, boolean inJson) {
        List<Drawn> ways = new ArrayList<>();
        if (inJson) {
            wrongJsonType(schema, ways);
        }
        if (schema.containsKey("enum")) {
            ways.add(new Drawn("not-" + draw.oneOf(schema.getJsonArray("enum").getList()), "not in the enum"));
        }
        switch (type(schema)) {
            case "integer" -> integerViolations(schema, inJson, ways);
            case "boolean" -> {
                if (!inJson) {
                    ways.add(new Drawn(draw.oneOf("maybe", "2", "yes!", ""), "not a boolean"));
                }
            }
            case "array" -> arrayViolations(name, schema, inJson, ways);
            case "object" -> objectViolations(schema, ways);
            case "string" -> stringViolations(schema, inJson, ways);
            default -> { }
        }
        if (!inJson) {
            ways.add(new Drawn(new Raw(draw.oneOf(GARBAGE)), "percent-garbage"));
        }
        return ways.isEmpty() ? null : draw.oneOf(ways);
    }

    /** A string of no particular standing: control characters, blanks, emoji, very long. */
    String hostile() {
        return draw.oneOf(HOSTILE);
    }

    static String type(JsonObject schema) {
        Object type = schema.getValue("type");
        if (type instanceof JsonArray types) {
            return types.getList().contains("array") ? "array" : types.getList().contains("object") ? "object"
                    : (String) types.getValue(0);
        }
        return type == null ? "string" : (String) type;
    }

    private static boolean allows(JsonObject schema, String type) {
        Object declared = schema.getValue("type");
        return declared instanceof JsonArray types ? types.getList().contains(type) : type.equals(declared)
                || declared == null;
    }

    private void wrongJsonType(JsonObject schema, List<Drawn> ways) {
        List<Object> others = new ArrayList<>();
        if (!allows(schema, "null")) {
            others.add(null);
        }
        if (!allows(schema, "string")) {
            others.add(draw.oneOf("x", "", "5", "true"));
        }
        if (!allows(schema, "integer") && !allows(schema, "number")) {
            others.add(draw.oneOf(5L, -1L, 1.5d));
        }
        if (allows(schema, "integer") && !allows(schema, "number")) {
            others.add(draw.oneOf(1.5d, 1e20d));
        }
        if (!allows(schema, "boolean")) {
            others.add(draw.chance(0.5));
        }
        if (!allows(schema, "array")) {
            others.add(new JsonArray().add("durov"));
        }
        if (!allows(schema, "object")) {
            others.add(new JsonObject().put("channels", new JsonArray().add("durov")));
        }
        if (!others.isEmpty()) {
            ways.add(new Drawn(draw.oneOf(others), "wrong JSON type"));
        }
    }

    private Object integer(JsonObject schema) {
        long min = schema.getLong("minimum", -1_000_000L);
        long max = schema.getLong("maximum", 1_000_000L);
        return draw.weighted(
                Draw.Weighted.of(1, d -> min),
                Draw.Weighted.of(1, d -> max),
                Draw.Weighted.of(4, d -> min + (long) (d.fraction() * Math.min(max - min, 2_000_000L))));
    }

    private void integerViolations(JsonObject schema, boolean inJson, List<Drawn> ways) {
        if (schema.containsKey("minimum")) {
            ways.add(new Drawn(schema.getLong("minimum") - draw.between(1, 1000), "below the minimum"));
        }
        if (schema.containsKey("maximum")) {
            ways.add(new Drawn(schema.getLong("maximum") + draw.between(1, 1000), "above the maximum"));
            ways.add(new Drawn(new BigInteger("99999999999999999999999999"), "far above the maximum"));
        }
        if (!inJson) {
            ways.add(new Drawn(draw.oneOf("abc", "1.5", "", " ", "0x10", "5e2", "١٢", "+5", "12abc", "🙂", "NaN"),
                    "not an integer"));
        }
    }

    private String string(JsonObject schema) {
        int min = schema.getInteger("minLength", 0);
        int max = schema.getInteger("maxLength", Math.max(min, 40));
        Pattern pattern = schema.containsKey("pattern") ? Pattern.compile(schema.getString("pattern")) : null;
        if ("uri".equals(schema.getString("format"))) {
            return draw.oneOf("http://127.0.0.1:1/callback", "https://example.com/x", "http://192.0.2.1/cb");
        }
        for (int attempt = 0; attempt < 200; attempt++) {
            String candidate = candidate(min, Math.min(max, min + 24));
            if (fits(candidate, min, max, pattern)) {
                return candidate;
            }
        }
        // A pattern random words never meet (a file name's extension): one of the schema's own examples that fits.
        List<String> examples = schema.getJsonArray("examples", new io.vertx.core.json.JsonArray()).stream()
                .map(String::valueOf).filter(example -> fits(example, min, max, pattern)).toList();
        if (!examples.isEmpty()) {
            return draw.oneOf(examples);
        }
        throw new IllegalStateException("no conforming string drawn for " + schema.encode());
    }

    private String candidate(int min, int max) {
        int length = draw.chance(0.5) ? draw.between(Math.max(min, 1), Math.max(min + 3, 3))
                : draw.between(Math.max(min, 1), Math.max(min, max));
        return draw.weighted(
                Draw.Weighted.of(3, d -> word(d, length)),
                Draw.Weighted.of(1, d -> digits(d, length)),
                Draw.Weighted.of(2, d -> String.join(d.oneOf("", " "), d.listOf(1, 3, e -> e.oneOf(WORDS)))));
    }

    private static String word(Draw draw, int length) {
        String letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        String rest = letters + "0123456789_";
        StringBuilder word = new StringBuilder().append(letters.charAt(draw.between(0, letters.length() - 1)));
        while (word.length() < length) {
            word.append(rest.charAt(draw.between(0, rest.length() - 1)));
        }
        return word.toString();
    }

    private static String digits(Draw draw, int length) {
        StringBuilder digits = new StringBuilder();
        while (digits.length() < length) {
            digits.append(draw.between(0, 9));
        }
        return digits.toString();
    }

    static boolean fits(String value, int min, int max, Pattern pattern) {
        int length = value.codePointCount(0, value.length());
        return length >= min && length <= max && (pattern == null || pattern.matcher(value).find());
    }

    private void stringViolations(JsonObject schema, boolean inJson, List<Drawn> ways) {
        int min = schema.getInteger("minLength", 0);
        Pattern pattern = schema.containsKey("pattern") ? Pattern.compile(schema.getString("pattern")) : null;
        if (min > 0) {
            ways.add(new Drawn(min == 1 ? "" : "x".repeat(min - 1).substring(0, min - 1), "shorter than minLength"));
        }
        if (schema.containsKey("maxLength")) {
            int max = schema.getInteger("maxLength");
            ways.add(new Drawn(draw.oneOf("a", "ж", "🙂").repeat(max + draw.between(1, 3000)),
                    "longer than maxLength"));
        }
        if (pattern != null) {
            for (int attempt = 0; attempt < 50; attempt++) {
                String candidate = draw.chance(0.5) ? hostile() : candidate(min, min + 10) + draw.oneOf("-", " ", "🙂", "\u0001", "");
                if (!pattern.matcher(candidate).find() && !candidate.isEmpty()) {
                    ways.add(new Drawn(candidate, "not matching the pattern"));
                    break;
                }
            }
        }
    }

    private List<Object> array(String name, JsonObject schema) {
        int min = schema.getInteger("minItems", 0);
        int max = Math.min(schema.getInteger("maxItems", min + 4), min + 4);
        JsonObject items = schema.getJsonObject("items", new JsonObject());
        return draw.listOf(min, max, d -> conforming(name, items));
    }

    private void arrayViolations(String name, JsonObject schema, boolean inJson, List<Drawn> ways) {
        JsonObject items = schema.getJsonObject("items", new JsonObject());
        if (schema.getInteger("minItems", 0) > 0) {
            ways.add(new Drawn(List.of(), "fewer items than minItems"));
        }
        if (schema.containsKey("maxItems")) {
            int over = schema.getInteger("maxItems") + draw.between(1, 20);
            List<Object> many = new ArrayList<>();
            for (int i = 0; i < over; i++) {
                many.add(conforming(name, items));
            }
            ways.add(new Drawn(many, "more items than maxItems"));
        }
        Drawn item = violating(name, items, inJson);
        if (item != null && !(item.value() instanceof Raw)) {
            List<Object> values = new ArrayList<>(array(name, schema));
            values.add(draw.between(0, values.size()), item.value());
            // In a query, [""] is written `name=`, as the empty list is: not a violation a server can see.
            if (inJson || !values.equals(List.of(""))) {
                ways.add(new Drawn(values, "an item " + item.violation()));
            }
        }
    }

    private JsonObject object(JsonObject schema) {
        JsonObject properties = schema.getJsonObject("properties", new JsonObject());
        List<String> required = schema.getJsonArray("required", new JsonArray()).getList();
        JsonObject object = new JsonObject();
        for (String property : properties.fieldNames()) {
            if (required.contains(property) || draw.chance(0.4)) {
                object.put(property, jsonValue(conforming(property, properties.getJsonObject(property))));
            }
        }
        return object;
    }

    private void objectViolations(JsonObject schema, List<Drawn> ways) {
        JsonObject properties = schema.getJsonObject("properties", new JsonObject());
        List<String> required = schema.getJsonArray("required", new JsonArray()).getList();
        if (!required.isEmpty()) {
            JsonObject missing = object(schema);
            String left = draw.oneOf(required);
            missing.remove(left);
            ways.add(new Drawn(missing, "required " + left + " missing"));
        }
        if (!properties.isEmpty()) {
            String property = draw.oneOf(new ArrayList<>(properties.fieldNames()));
            Drawn broken = violating(property, properties.getJsonObject(property), true);
            if (broken != null) {
                JsonObject object = object(schema);
                object.put(property, jsonValue(broken.value()));
                ways.add(new Drawn(object, property + ": " + broken.violation()));
            }
        }
        if (Boolean.FALSE.equals(schema.getValue("additionalProperties"))) {
            ways.add(new Drawn(object(schema).put("unknown_field", "x"), "an unknown field"));
        }
    }

    /** A drawn value as JSON holds it (lists as arrays, big integers as numbers). */
    static Object jsonValue(Object value) {
        if (value instanceof List<?> list) {
            JsonArray array = new JsonArray();
            list.forEach(item -> array.add(jsonValue(item)));
            return array;
        }
        return value;
    }
}
