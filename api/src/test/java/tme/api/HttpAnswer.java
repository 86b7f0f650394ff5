package tme.api;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One answer as the server sent it: status, headers (names lower-cased) and body bytes, from the JDK client or from
 * a plain socket (for request lines no client sends).
 */
record HttpAnswer(int status, Map<String, List<String>> headers, byte[] body) {

    static HttpAnswer of(HttpResponse<byte[]> response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        response.headers().map().forEach((name, values) -> {
            if (!name.startsWith(":")) {
                headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values));
            }
        });
        return new HttpAnswer(response.statusCode(), headers, response.body());
    }

    /** An HTTP/1.x answer read whole from a socket (a body of {@code Content-Length} bytes, or none). */
    static HttpAnswer parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
        return new HttpAnswer(status, headers, body);
    }

    Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", values));
    }

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    JsonObject json() {
        return new JsonObject(text());
    }

    @Override
    public String toString() {
        String text = text();
        return status + " " + headers + "\n" + (text.length() > 600 ? text.substring(0, 600) + "…" : text);
    }
}
