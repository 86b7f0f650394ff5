package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;

/** New posts pushed: the event log ({@code tme.events}), the SSE streams ({@code tme.api.push}). */
final class PushMeters {

    private static final String REFUSED = "Streams refused: the server's STREAM_MAX_CLIENTS (503) or the client's"
            + " STREAM_MAX_PER_CLIENT (429)";

    private PushMeters() {}

    static List<MeterRow> rows() {
        List<MeterRow> rows = new ArrayList<>(List.of(
                counter("events.published", "New posts this process appended to their channel's log (first to offer)"),
                counter("events.deduplicated", "New posts offered that the log had already (another process or an"
                        + " earlier load appended them)"),
                counter("events.publish_failures", "New posts that could not reach the log (Redis down): lost to"
                        + " readers"),
                counter("events.read_failures", "Reads of a log that could not reach it (retried from the same"
                        + " position)"),
                gauge("push.watched_channels", "Channels with a live stream or subscription listening in this process"),
                gauge("streams.open", "SSE streams open now"),
                counter("streams.opened", "SSE streams opened"),
                counter("tme.streams.refused", REFUSED, Tags.of("reason", "full"), "streams.refused_full"),
                counter("tme.streams.refused", REFUSED, Tags.of("reason", "client"), "streams.refused_client"),
                counter("streams.events_sent", "event: post messages written to streams"),
                counter("streams.dropped_slow", "Streams closed because the client read too slowly (write queue"
                        + " full)")));
        return rows;
    }
}
