package tme.api;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JSON of a documented example, shortened as a reader expects: {@code …} where a member, an item or a value
 * would be means "more like these" (more members, more items, any value), and {@code …} inside a string means "the
 * middle left out" (a long URL's). Everything else must be as the server wrote it: the same members, items in the
 * same order, equal numbers and strings. A block may hold several values one after the other (one per request).
 */
final class LooseJson {

    /** What a bare {@code …} becomes: a member {@code "…": "…"} in an object, the string {@code "…"} elsewhere. */
    static final String MORE = "…";

    private LooseJson() {}

    /** Every top-level value of {@code text}, its bare ellipses turned into {@link #MORE} markers. */
    static List<Object> values(String text) {
        List<Object> values = new ArrayList<>();
        StringBuilder json = new StringBuilder();
        Deque stack = new Deque();
        boolean inString = false;
        char last = ' ';
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                json.append(c);
                if (c == '\\') {
                    json.append(text.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                    last = '"';
                }
                continue;
            }
            if (c == '…') {
                boolean member = stack.top() == '{' && (last == '{' || last == ',');
                json.append(member ? "\"…\":\"…\"" : "\"…\"");
                last = '"';
                continue;
            }
            json.append(c);
            switch (c) {
                case '"' -> inString = true;
                case '{', '[' -> stack.push(c);
                case '}', ']' -> stack.pop();
                default -> { }
            }
            if (!Character.isWhitespace(c)) {
                last = c;
            }
            if (stack.empty() && (c == '}' || c == ']')) {
                values.add(Json.decodeValue(json.toString().trim()));
                json.setLength(0);
            }
        }
        if (!json.toString().isBlank()) {
            values.add(Json.decodeValue(json.toString().trim()));
        }
        return values;
    }

    /** Where {@code actual} differs from the documented {@code expected}, or empty when it matches. */
    static Optional<String> mismatch(Object expected, Object actual, String path) {
        if (MORE.equals(expected)) {
            return Optional.empty();
        }
        if (expected instanceof JsonObject object) {
            return actual instanceof JsonObject other ? objectMismatch(object, other, path) : differ(expected, actual, path);
        }
        if (expected instanceof JsonArray array) {
            return actual instanceof JsonArray other ? arrayMismatch(array, other, path) : differ(expected, actual, path);
        }
        if (expected instanceof String text && actual instanceof String other) {
            return shortenedMatches(text, other) ? Optional.empty() : differ(expected, actual, path);
        }
        if (expected instanceof Number number && actual instanceof Number other) {
            return new BigDecimal(number.toString()).compareTo(new BigDecimal(other.toString())) == 0
                    ? Optional.empty() : differ(expected, actual, path);
        }
        return java.util.Objects.equals(expected, actual) ? Optional.empty() : differ(expected, actual, path);
    }

    private static Optional<String> objectMismatch(JsonObject expected, JsonObject actual, String path) {
        for (String name : expected.fieldNames()) {
            if (name.equals(MORE)) {
                continue;
            }
            if (!actual.containsKey(name)) {
                return Optional.of(path + "." + name + ": documented, not answered");
            }
            Optional<String> inner = mismatch(expected.getValue(name), actual.getValue(name), path + "." + name);
            if (inner.isPresent()) {
                return inner;
            }
        }
        if (!expected.containsKey(MORE)) {
            for (String name : actual.fieldNames()) {
                if (!expected.containsKey(name)) {
                    return Optional.of(path + "." + name + ": answered, not documented (" + shown(actual.getValue(name)) + ")");
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Items in order. A {@link #MORE} item stands for any number of items: the documented ones are then found in the
     * answer in their order, the first one first unless the list starts with {@code …}, the last one last unless it
     * ends with one.
     */
    private static Optional<String> arrayMismatch(JsonArray expected, JsonArray actual, String path) {
        if (!expected.getList().contains(MORE)) {
            if (actual.size() != expected.size()) {
                return Optional.of(path + ": " + actual.size() + " items answered, " + expected.size() + " documented");
            }
            for (int i = 0; i < expected.size(); i++) {
                Optional<String> inner = mismatch(expected.getValue(i), actual.getValue(i), path + "[" + i + "]");
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        int at = 0;
        boolean anywhere = false;
        for (int i = 0; i < expected.size(); i++) {
            Object item = expected.getValue(i);
            if (MORE.equals(item)) {
                anywhere = true;
                continue;
            }
            boolean last = i == expected.size() - 1;
            int found = find(item, actual, at, anywhere, last);
            if (found < 0) {
                int near = anywhere ? sameId(item, actual) : at;
                return Optional.of(path + ": documented item " + i + " is not answered where the doc puts it: "
                        + shown(item) + (near < 0 || near >= actual.size() ? "" : "\n  answered there: "
                        + mismatch(item, actual.getValue(near), path + "[" + near + "]").orElse("")));
            }
            at = found + 1;
            anywhere = false;
        }
        return Optional.empty();
    }

    /** The answered item with the documented item's {@code id}, to say how it differs; -1 if none. */
    private static int sameId(Object item, JsonArray actual) {
        Object id = item instanceof JsonObject object ? object.getValue("id") : null;
        for (int i = 0; id != null && i < actual.size(); i++) {
            if (actual.getValue(i) instanceof JsonObject other && id.equals(other.getValue("id"))) {
                return i;
            }
        }
        return -1;
    }

    /** Where {@code item} is in {@code actual}: at {@code from}, or past it when {@code anywhere}; the last if it must be. */
    private static int find(Object item, JsonArray actual, int from, boolean anywhere, boolean last) {
        int low = last ? Math.max(from, actual.size() - 1) : from;
        int high = anywhere ? actual.size() - 1 : Math.min(from, actual.size() - 1);
        for (int i = low; i <= high; i++) {
            if (mismatch(item, actual.getValue(i), "").isEmpty()) {
                return i;
            }
        }
        return -1;
    }

    /** {@code "https://cdn4…Q.jpg"} matches a string that starts and ends so, its parts in order. */
    static boolean shortenedMatches(String expected, String actual) {
        if (!expected.contains(MORE)) {
            return expected.equals(actual);
        }
        String[] parts = expected.split(MORE, -1);
        if (!actual.startsWith(parts[0]) || !actual.endsWith(parts[parts.length - 1])) {
            return false;
        }
        int from = parts[0].length();
        for (int i = 1; i < parts.length - 1; i++) {
            int at = actual.indexOf(parts[i], from);
            if (at < 0) {
                return false;
            }
            from = at + parts[i].length();
        }
        return from <= actual.length() - parts[parts.length - 1].length();
    }

    private static Optional<String> differ(Object expected, Object actual, String path) {
        return Optional.of(path + ": documented " + shown(expected) + ", answered " + shown(actual));
    }

    private static String shown(Object value) {
        String text = value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    /** The open brackets, innermost last. */
    private static final class Deque {
        private final StringBuilder open = new StringBuilder();

        void push(char c) {
            open.append(c);
        }

        void pop() {
            open.setLength(Math.max(0, open.length() - 1));
        }

        char top() {
            return open.isEmpty() ? ' ' : open.charAt(open.length() - 1);
        }

        boolean empty() {
            return open.isEmpty();
        }
    }
}
