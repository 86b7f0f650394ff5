package tme.api;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A request {@link FuzzRequests} drew for an operation: as it goes on the wire, and what it is: conforming (every
 * value the document allows), violating (each way it breaks the document listed) or hostile (a value of no clear
 * standing, e.g. a control character in a string the document does not constrain: only the checks every answer must
 * pass apply to it).
 */
record FuzzRequest(String method, String target, Map<String, String> headers, byte[] body, Kind kind,
                   List<String> violations) {

    enum Kind { CONFORMING, VIOLATING, HOSTILE }

    String header(String name) {
        for (Map.Entry<String, String> header : headers.entrySet()) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return header.getValue();
            }
        }
        return null;
    }

    String describe() {
        StringBuilder out = new StringBuilder().append(method).append(' ').append(RawHttp.shortened(target));
        headers.forEach((name, value) -> out.append("\n  ").append(name).append(": ").append(RawHttp.shortened(value)));
        if (body != null) {
            out.append("\n  body (").append(body.length).append(" bytes): ")
                    .append(RawHttp.shortened(new String(body, StandardCharsets.UTF_8)));
        }
        out.append("\n  drawn as ").append(kind).append(violations.isEmpty() ? "" : " " + violations);
        return out.toString();
    }
}
