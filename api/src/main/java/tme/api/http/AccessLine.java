package tme.api.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * One request as the access log tells it, made on the event loop from values the request already holds and
 * formatted there, into that loop's {@link LoopLines} (some 40 ns: the second's text is made once a second).
 *
 * <pre>
 * 2025-03-01T12:00:00.250Z k3v9x2qd-1f4 GET /v1/body/:channel 200 L1 0.087 66241 203.0.113.7
 * time (UTC, ms)           request id   method route        status level ms (µs) bytes client
 * </pre>
 *
 * @param epochMillis when the answer ended
 * @param requestId   the {@code X-Request-Id} answered
 * @param method      the request's method
 * @param route       the route template ({@code /v1/body/:channel}), or for a request no route took its path,
 *                    shortened and stripped of anything but printable ASCII
 * @param status      the status sent; 499 when the client left before the answer was complete
 * @param level       which level answered ({@code L1}, {@code L2}, {@code STALE}, {@code upstream}), or {@code -}
 * @param nanos       from the first handler to the end of the answer
 * @param bytes       body bytes sent
 * @param client      the client's address ({@link ClientAddresses})
 */
record AccessLine(long epochMillis, CharSequence requestId, String method, String route, int status, String level,
                  long nanos, long bytes, String client) {

    /** The status logged for a client that went away first (nginx's "client closed request"). */
    static final int CLIENT_CLOSED = 499;
    /** The longest path written for a request no route took: enough to tell probes apart. */
    static final int MAX_PATH = 64;

    /** The line alone, as the writer writes it (without its newline). */
    String format() {
        return appendTo(new StringBuilder(128), new Timestamps()).toString();
    }

    /**
     * Appends the line to {@code out}, printable ASCII only (the id is checked, the route cleaned, the client an
     * address, the method cleaned here), so its chars go out as bytes.
     */
    StringBuilder appendTo(StringBuilder out, Timestamps times) {
        times.appendTo(out, epochMillis);
        out.append(' ').append(requestId).append(' ');
        appendToken(out, method);
        out.append(' ').append(route).append(' ').append(status).append(' ').append(level).append(' ');
        ServerTiming.appendMillis(out, nanos);
        return out.append(' ').append(bytes).append(' ').append(client);
    }

    /**
     * UTC times to the millisecond, {@code 2025-03-01T12:00:00.250Z}: the text up to the second is made once per
     * second, so a busy loop formats three digits per line. One per thread that formats (it remembers the last
     * second).
     */
    static final class Timestamps {

        private static final DateTimeFormatter TO_THE_SECOND =
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.").withZone(ZoneOffset.UTC);

        private long second = Long.MIN_VALUE;
        private String prefix = "";

        void appendTo(StringBuilder out, long epochMillis) {
            long now = Math.floorDiv(epochMillis, 1000);
            if (now != second) {
                second = now;
                prefix = TO_THE_SECOND.format(Instant.ofEpochSecond(now));
            }
            int millis = (int) Math.floorMod(epochMillis, 1000);
            out.append(prefix).append((char) ('0' + millis / 100)).append((char) ('0' + millis / 10 % 10))
                    .append((char) ('0' + millis % 10)).append('Z');
        }
    }

    private static void appendToken(StringBuilder out, String token) {
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            out.append(c > ' ' && c < 0x7f ? c : '?');
        }
    }

    /** A path fit for one log field: at most {@link #MAX_PATH} characters, spaces and control characters as '?'. */
    static String loggablePath(String path) {
        if (path == null || path.isEmpty()) {
            return "-";
        }
        int length = Math.min(path.length(), MAX_PATH);
        StringBuilder out = new StringBuilder(length + 1);
        for (int i = 0; i < length; i++) {
            char c = path.charAt(i);
            out.append(c > ' ' && c < 0x7f ? c : '?');
        }
        return path.length() > MAX_PATH ? out.append('~').toString() : out.toString();
    }
}
