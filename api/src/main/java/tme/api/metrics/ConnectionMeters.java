package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;

/** The HTTP connections' caps and deadlines ({@code tme.api.http.ConnectionBounds}). */
final class ConnectionMeters {

    private static final String CLOSED = "Connections the server closed for a bound, by reason: head_timeout (the"
            + " request's headers not in within HTTP_HEAD_TIMEOUT), body_timeout (its body not within"
            + " HTTP_BODY_TIMEOUT: answered 408), idle (HTTP_IDLE_TIMEOUT), server_cap (MAX_CONNECTIONS) and"
            + " address_cap (MAX_CONNECTIONS_PER_ADDRESS): closed as accepted; framing (Content-Length with"
            + " Transfer-Encoding, or a transfer coding we do not read: answered 400)";
    private static final List<String> REASONS =
            List.of("head_timeout", "body_timeout", "idle", "server_cap", "address_cap", "framing");

    private ConnectionMeters() {}

    static List<MeterRow> rows() {
        List<MeterRow> rows = new ArrayList<>();
        for (String reason : REASONS) {
            rows.add(counter("tme.http.connections.closed", CLOSED, Tags.of("reason", reason),
                    "http.connections.closed." + reason));
        }
        rows.add(gauge("http.connections.open", "HTTP connections open now, against MAX_CONNECTIONS"));
        return List.copyOf(rows);
    }
}
