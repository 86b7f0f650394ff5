package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;
import static tme.api.metrics.MeterRow.thousandths;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The refresher's worker and its side of the schedule ({@code tme.coalescing.refresh}), where one runs. */
final class RefreshMeters {

    private static final String UNREACHED = "Schedule writes and claims that could not reach Redis";

    private RefreshMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("refresh.asked", "Names sent to the schedule as asked for"),
                counter("refresh.registered", "Names new to the schedule (due at once)"),
                counter("refresh.restored", "Names this server put back into the schedule after Redis lost its data"),
                counter("refresh.claimed", "Due names this worker claimed"),
                counter("refresh.skipped_recent", "Due names left alone: loaded within the last half interval"),
                counter("refresh.dropped_idle", "Names dropped: nobody asked for them for REFRESH_IDLE"),
                counter("refresh.abandoned", "Names a stopping worker handed back"),
                counter("refresh.claims_lost", "Reschedules refused: the claim had lapsed to another worker, or the"
                        + " channel went idle and was dropped meanwhile"),
                counter("refresh.bugs", "Refreshes whose future failed (a bug)"),
                counter("tme.refresh.redis.unreached", UNREACHED, Tags.of("op", "write"),
                        "refresh.redis.unreached_writes"),
                counter("tme.refresh.redis.unreached", UNREACHED, Tags.of("op", "claim"),
                        "refresh.redis.unreached_claims"),
                gauge("refresh.due", "Names due now that no worker holds: the due queue's depth, as the last"
                        + " claim saw it"),
                gauge("refresh.scheduled", "Names in the schedule"),
                gauge("refresh.in_flight", "Refreshes this worker runs now"),
                thousandths("tme.refresh.lag.p50", "seconds", "Schedule lag (claimed minus due), median over the last"
                        + " 1-2 minutes", "refresh.lag.p50_ms"),
                thousandths("tme.refresh.lag.p99", "seconds", "Schedule lag, 99th percentile over the last 1-2 minutes",
                        "refresh.lag.p99_ms"),
                thousandths("tme.refresh.lag.max", "seconds", "Schedule lag, maximum over the last 1-2 minutes",
                        "refresh.lag.max_ms"));
    }

    static List<MeterFamily> families() {
        return List.of(new MeterFamily("refresh.outcome.", MeterRow.Kind.COUNTER, "tme.refresh.outcomes",
                "Refreshes by outcome: refreshed, throttled, failed, gone", "outcome"));
    }
}
