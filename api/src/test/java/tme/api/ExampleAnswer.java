package tme.api;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A documented answer (status line and headers when the block shows them, then the body) and the server's, compared
 * as {@link DocExamplesTest} explains. The server's own address becomes {@code localhost:8080}, as a reader of the doc
 * runs it; headers that name one request ({@code X-Request-Id}, {@code Server-Timing}) are compared by presence.
 */
final class ExampleAnswer {

    static final String DOC_ADDRESS = "localhost:8080";
    private static final Set<String> PER_REQUEST = Set.of("x-request-id", "server-timing", "date");
    private static final Pattern MEMBER = Pattern.compile("(?s)^\"[^\"]+\"\\s*:.*");

    private ExampleAnswer() {}

    /** What the server answered, its address as the doc writes it. */
    record Answered(int status, Map<String, String> headers, String body) {
        Object json() {
            return Json.decodeValue(body);
        }

        String shown(DocExamples.Request request) {
            try {
                Object value = select(json(), request.at());
                return value instanceof JsonObject o ? o.encodePrettily()
                        : value instanceof JsonArray a ? a.encodePrettily() : Json.encode(value);
            } catch (RuntimeException notJson) {
                return body;
            }
        }
    }

    /** A block as documented: status and headers if it shows them, and its body. */
    record Documented(Integer status, Map<String, String> headers, String body, List<Object> json, boolean member) {

        Optional<String> mismatch(int index, DocExamples.Request request, Answered answered) {
            if (status != null && status != answered.status()) {
                return Optional.of("status: documented " + status + ", answered " + answered.status());
            }
            for (Map.Entry<String, String> header : headers.entrySet()) {
                String sent = answered.headers().get(header.getKey());
                if (sent == null) {
                    return Optional.of("header " + header.getKey() + ": documented, not answered");
                }
                if (!PER_REQUEST.contains(header.getKey()) && !LooseJson.shortenedMatches(header.getValue(), sent)) {
                    return Optional.of("header " + header.getKey() + ": documented " + header.getValue() + ", answered " + sent);
                }
            }
            if (body == null) {
                return Optional.empty();
            }
            if (json == null) {
                return textMismatch(answered.body());
            }
            if (index >= json.size()) {
                return Optional.of("the block holds " + json.size() + " answers, fewer than its requests");
            }
            Object expected = json.get(index);
            if (member) {
                expected = ((JsonObject) expected).iterator().next().getValue();
            }
            Object actual;
            try {
                actual = select(answered.json(), request.at());
            } catch (RuntimeException e) {
                return Optional.of("not JSON at " + request.at() + ": " + e.getMessage());
            }
            return LooseJson.mismatch(expected, actual, "$");
        }

        /** The documented text's parts between its {@code …}, found in the answer in order, the first and last at its ends. */
        private Optional<String> textMismatch(String answered) {
            String[] parts = body.strip().split(LooseJson.MORE, -1);
            String text = answered.strip();
            int at = 0;
            for (int i = 0; i < parts.length; i++) {
                int found = i == 0 ? (text.startsWith(parts[0]) ? 0 : -1) : text.indexOf(parts[i], at);
                if (i == parts.length - 1 && parts.length > 1 && !text.endsWith(parts[i])) {
                    found = -1;
                }
                if (found < 0 || (parts.length == 1 && !text.equals(parts[0]))) {
                    return Optional.of("the text differs from here (… stands for any run of characters): "
                            + firstDifference(parts[i], text.substring(Math.min(at, text.length()))));
                }
                at = found + parts[i].length();
            }
            return Optional.empty();
        }

        private static String firstDifference(String documented, String answered) {
            int same = 0;
            while (same < documented.length() && same < answered.length() && documented.charAt(same) == answered.charAt(same)) {
                same++;
            }
            int from = Math.max(0, documented.lastIndexOf('\n', same) + 1);
            return "\n    documented: " + clip(documented.substring(from)) + "\n    answered:   "
                    + clip(answered.substring(Math.min(from, answered.length())));
        }

        private static String clip(String text) {
            String line = text.lines().findFirst().orElse("");
            return line.length() > 160 ? line.substring(0, 160) + "…" : line;
        }
    }

    static Answered answered(HttpResponse<String> response, int port) {
        Map<String, String> headers = new LinkedHashMap<>();
        response.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                String.join(", ", values).replace("127.0.0.1:" + port, DOC_ADDRESS)));
        // Rome writes feeds with CRLF line ends; the doc's blocks have LF
        String body = response.body().replace("\r\n", "\n").replace("127.0.0.1:" + port, DOC_ADDRESS);
        return new Answered(response.statusCode(), headers, body);
    }

    static Documented documented(DocExamples.Block block) {
        String text = block.text();
        Integer status = null;
        Map<String, String> headers = new LinkedHashMap<>();
        if (text.startsWith("HTTP/1.1 ")) {
            String[] lines = text.split("\n", -1);
            status = Integer.parseInt(lines[0].split(" ")[1]);
            int i = 1;
            for (; i < lines.length && !lines[i].isBlank(); i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip());
            }
            if (i == lines.length) {
                return new Documented(status, headers, null, null, false); // the status and headers only
            }
            text = String.join("\n", List.of(lines).subList(i + 1, lines.length));
        }
        String start = text.strip();
        // JSON lines (/v1/history) are text, compared with … standing for any run of characters
        boolean json = !block.lang().equals("ndjson")
                && (block.lang().equals("json") || start.startsWith("{") || start.startsWith("["));
        boolean member = MEMBER.matcher(start).matches();
        List<Object> values = !json || start.isEmpty() ? null : LooseJson.values(member ? "{" + start + "}" : start);
        return new Documented(status, headers, text, values, member);
    }

    /** The item at an index ({@code 0}), or the object whose {@code id} is the number after {@code id=}. */
    private static Object item(JsonArray array, String index) {
        if (!index.startsWith("id=")) {
            return array.getValue(Integer.parseInt(index));
        }
        long id = Long.parseLong(index.substring(3));
        return array.stream().filter(o -> o instanceof JsonObject object && object.getValue("id") instanceof Number n
                && n.longValue() == id).findFirst().orElse(null);
    }

    /** The part of {@code json} at {@code path} ({@code content.media[0]}, {@code content.posts[id=17]}), or all. */
    static Object select(Object json, String path) {
        if (path == null) {
            return json;
        }
        Object at = json;
        for (String step : path.split("\\.")) {
            int bracket = step.indexOf('[');
            String name = bracket < 0 ? step : step.substring(0, bracket);
            if (!name.isEmpty()) {
                at = ((JsonObject) at).getValue(name);
            }
            if (bracket >= 0) {
                at = item((JsonArray) at, step.substring(bracket + 1, step.length() - 1));
            }
        }
        return at;
    }
}
