package tme.api.render;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every rendered answer satisfies, whatever the page it came from: its bytes are well-formed UTF-8, they
 * parse as JSON, no escape stands for half of a surrogate pair, and it follows the omission rule of
 * {@code docs/api.md}: no {@code null}, no empty object or array but the envelopes every answer has
 * ({@code posts}, {@code meta.offset}, a post's {@code content}, {@code channel.counters}), and no empty string
 * but in the two texts documented as always there ({@code service.text}, {@code forwarded.name}), which a page
 * may leave empty.
 */
final class WireChecks {

    private static final Set<String> MAY_BE_EMPTY_OBJECTS = Set.of("offset", "content", "counters");
    private static final Set<String> MAY_BE_EMPTY_ARRAYS = Set.of("posts");
    private static final List<String> MAY_BE_EMPTY_TEXTS = List.of(".service.text.", ".forwarded.name.");

    private WireChecks() {}

    /** The answer read back, after checking it; every rule it breaks fails the caller's property. */
    static JsonObject readBack(byte[] bytes, List<String> violations) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            violations.add("not UTF-8: " + e);
            return new JsonObject();
        }
        checkSurrogateEscapes(text, violations);
        Object tree = Json.decodeValue(Buffer.buffer(bytes));
        walk(tree, "", violations);
        return (JsonObject) tree;
    }

    /**
     * Escapes of surrogates come in pairs, high then low ({@code \\uD83C\\uDDEA}): jackson-core 2.18 still escapes
     * a pair that straddles a 1000-character boundary of a long string, but half a pair has no UTF-8 form. Backslashes
     * only occur inside JSON strings, so a scan of the escapes finds them all.
     */
    private static void checkSurrogateEscapes(String text, List<String> violations) {
        int lowExpectedAt = -1; // where the low half must start, right after a high half
        for (int i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i)) {
            if (text.charAt(i + 1) != 'u') {
                i += 2; // \" \\ \n ...
                continue;
            }
            char unit = (char) Integer.parseInt(text.substring(i + 2, i + 6), 16);
            if (lowExpectedAt >= 0 && (i != lowExpectedAt || !Character.isLowSurrogate(unit))) {
                violations.add("half a surrogate pair escaped before " + (lowExpectedAt - 6));
            }
            if (lowExpectedAt < 0 && Character.isLowSurrogate(unit)) {
                violations.add("half a surrogate pair escaped at " + i);
            }
            lowExpectedAt = Character.isHighSurrogate(unit) ? i + 6 : -1;
            i += 6;
        }
        if (lowExpectedAt >= 0) {
            violations.add("half a surrogate pair escaped at the end, before " + lowExpectedAt);
        }
    }

    private static void walk(Object value, String path, List<String> violations) {
        switch (value) {
            case null -> violations.add(path + ": null");
            case String string when string.isEmpty() && MAY_BE_EMPTY_TEXTS.stream().noneMatch(path::contains) ->
                    violations.add(path + ": empty string");
            case JsonObject object -> walkObject(object.getMap(), path, violations);
            case Map<?, ?> map -> walkObject(map, path, violations);
            case JsonArray array -> walkArray(array.getList(), path, violations);
            case List<?> list -> walkArray(list, path, violations);
            default -> { }
        }
    }

    private static void walkObject(Map<?, ?> map, String path, List<String> violations) {
        if (map.isEmpty() && !MAY_BE_EMPTY_OBJECTS.contains(lastKey(path))) {
            violations.add(path + ": empty object");
        }
        map.forEach((key, item) -> walk(item, path + "." + key, violations));
    }

    private static void walkArray(List<?> list, String path, List<String> violations) {
        if (list.isEmpty() && !MAY_BE_EMPTY_ARRAYS.contains(lastKey(path))) {
            violations.add(path + ": empty array");
        }
        for (int i = 0; i < list.size(); i++) {
            walk(list.get(i), path + "[" + i + "]", violations);
        }
    }

    private static String lastKey(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }
}
