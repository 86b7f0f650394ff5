package tme.api.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * One request as the access log tells it. Made on the event loop from values the request already holds (one small
 * object per request); turned into text on the log's own thread, so a hit pays for no formatting.
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
record AccessLine(long epochMillis, String requestId, String method, String route, int status, String level,
                  long nanos, long bytes, String client) {

    /** The status logged for a client that went away first (nginx's "client closed request"). */
    static final int CLIENT_CLOSED = 499;
    /** The longest path written for a request no route took: enough to tell probes apart. */
    static final int MAX_PATH = 64;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    String format() {
        StringBuilder line = new StringBuilder(128);
        TIME.formatTo(Instant.ofEpochMilli(epochMillis), line);
        line.append(' ').append(requestId).append(' ').append(method).append(' ').append(route)
                .append(' ').append(status).append(' ').append(level).append(' ');
        ServerTiming.appendMillis(line, nanos);
        return line.append(' ').append(bytes).append(' ').append(client).toString();
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
