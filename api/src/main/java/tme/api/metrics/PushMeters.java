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
                counter("events.publish_failures", "New posts that could not reach the log (Redis down): kept and"
                        + " offered again once Redis answers"),
                counter("events.baselines", "Loads with nothing to tell new posts from old offered to a log with no"
                        + " mark: the page's newest became the mark, nothing appended"),
                counter("events.marks_restored", "Channels' marks this server wrote back after Redis lost its data"
                        + " (so posts readers had are not appended again)"),
                counter("events.entries_restored", "Posts this server appended again after Redis lost its data (it had"
                        + " appended or read them shortly before), so readers that had not read them still get them"),
                counter("events.read_failures", "Reads of a log that could not reach it (retried from the same"
                        + " position)"),
                gauge("push.watched_channels", "Channels with a live stream or subscription listening in this process"),
                gauge("push.unappended_events", "New posts kept because their publish could not reach the log (Redis"
                        + " out of reach), offered again once it answers"),
                gauge("streams.open", "SSE streams open now"),
                counter("streams.opened", "SSE streams opened"),
                counter("tme.streams.refused", REFUSED, Tags.of("reason", "full"), "streams.refused_full"),
                counter("tme.streams.refused", REFUSED, Tags.of("reason", "client"), "streams.refused_client"),
                counter("streams.events_sent", "event: post messages written to streams"),
                counter("streams.dropped_slow", "Streams closed because the client read too slowly (write queue"
                        + " full)"),
                counter("streams.resumes_refused", "Resumes (Last-Event-ID) ended with a retry: the event log could"
                        + " not be read after every catch-up attempt, so nothing was skipped")));
        String deliveries = "WebSub deliveries by outcome: delivered (2xx), resync (the whole feed, 2xx), failed_attempt"
                + " (retried), given_up (WEBSUB_RETRY_FOR passed), dropped (lease over), reclaimed (claim taken over),"
                + " not_sent (claim lost before the POST), late (acknowledged after a takeover)";
        for (String outcome : List.of("delivered", "resync", "failed_attempts", "given_up", "dropped", "reclaimed",
                "not_sent", "late")) {
            rows.add(counter("tme.websub.deliveries", deliveries,
                    Tags.of("outcome", outcome.equals("failed_attempts") ? "failed_attempt" : outcome),
                    "websub.deliveries." + outcome));
        }
        rows.addAll(List.of(
                counter("websub.requests_accepted", "Subscription and unsubscription requests answered 202"),
                counter("websub.callbacks_refused", "Requests refused at once: the callback is not on a public address"
                        + " (or does not resolve); no request made to it"),
                counter("websub.verified", "Intents verified: the callback echoed the challenge"),
                counter("websub.verification_failures", "Verifications failed (no echo, another status, no answer):"
                        + " nothing stored"),
                counter("websub.denied", "Subscriptions refused by WEBSUB_MAX_PER_TOPIC or WEBSUB_MAX_PER_HOST, when"
                        + " verified or when put back after a Redis wipe (the callback told hub.mode=denied)"),
                counter("websub.restored", "Subscriptions this server put back after Redis lost them"),
                counter("websub.unsubscribed", "Subscriptions removed by a verified unsubscription"),
                counter("websub.expired", "Subscriptions removed when their lease ran out"),
                counter("websub.deliveries_due", "Subscriptions a new post made due (per post and subscriber, on each"
                        + " server that saw the post)"),
                counter("websub.posts_delivered", "Posts carried by acknowledged deliveries"),
                gauge("websub.subscriptions", "Subscriptions stored (the fleet's, as this server last read them)"),
                gauge("websub.deliveries_in_flight", "Deliveries this server is making now (at most 32)")));
        return rows;
    }
}
