package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** What every request passes before a route ({@code tme.api.http.RequestPipeline}): the access log, the client limit. */
final class AccessMeters {

    private static final String LINES = "Access log lines: written, dropped (the log's queue was full: standard output"
            + " slow or stuck; the server never waits for it), failed (standard output refused them)";

    private AccessMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("tme.http.access_log.lines", LINES, Tags.of("outcome", "written"), "http.access_log.lines"),
                counter("tme.http.access_log.lines", LINES, Tags.of("outcome", "dropped"), "http.access_log.dropped"),
                counter("tme.http.access_log.lines", LINES, Tags.of("outcome", "failed"), "http.access_log.failed"),
                counter("http.requests.ahead", "Requests answered ahead of the router: GET and HEAD of the stored-answer"
                        + " routes with no query and no Origin, and of feeds resolved before (the rest are routed)"),
                counter("http.feeds.resolved", "Feed requests (/v1/feed, /feeds/..., RSSHub's route) worked out from"
                        + " their URL rather than found resolved: a reader asking the same URL again is not counted"),
                counter("http.bodies.abandoned", "Request bodies the client hung up on before they were whole: counted,"
                        + " not answered, not logged"),
                counter("clients.limited", "Requests the per-client limit (CLIENT_RATE) answered 429"),
                gauge("clients.tracked", "Clients with a bucket of the per-client limit now"));
    }
}
