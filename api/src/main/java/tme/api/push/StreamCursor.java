package tme.api.push;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.ChannelName;
import tme.events.Entry;

/**
 * An SSE event's {@code id:}: where the stream stands in each of its channels' logs, so a client that reconnects with
 * it as {@code Last-Event-ID} gets everything published since, in every channel. Opaque to clients: base64url of
 * {@code v1;<channel>=<entry id>;...}; it grows with the channels (about 25 bytes each).
 */
final class StreamCursor {

    private static final String VERSION = "v1";

    private StreamCursor() {}

    static String write(Map<String, String> positions) {
        StringJoiner text = new StringJoiner(";");
        text.add(VERSION);
        positions.forEach((channel, id) -> text.add(channel + "=" + id));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The positions {@code raw} holds; none for null; a cursor this server did not write is a 422 naming {@code parameter}. */
    static Map<String, String> read(String parameter, String raw) throws InvalidInput {
        Map<String, String> positions = new LinkedHashMap<>();
        if (raw == null || raw.isBlank()) {
            return positions;
        }
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(raw.trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw refused(parameter);
        }
        String[] parts = text.split(";", -1);
        if (parts.length < 1 || !VERSION.equals(parts[0]) || parts.length > 1 + 100) {
            throw refused(parameter);
        }
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            String channel = eq < 0 ? "" : parts[i].substring(0, eq);
            String id = eq < 0 ? "" : parts[i].substring(eq + 1);
            if (!ChannelName.valid(channel) || !Entry.valid(id)) {
                throw refused(parameter);
            }
            positions.put(channel, id);
        }
        return positions;
    }

    private static InvalidInput refused(String parameter) {
        return new InvalidInput(Problem.invalid(parameter, parameter
                + " must be an id this server sent in an event of /v1/stream"));
    }
}
