package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The multi-channel feed ({@code tme.api.service.FeedService}): requests, builds, channels a build could not read. */
final class FeedMeters {

    private FeedMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("tme.feed.requests", "Feed requests, REST and GraphQL", Tags.empty(), "feed.requests"),
                counter("tme.feed.builds", "Feeds built, ranked and rendered: once per distinct feed per lifetime,"
                        + " however many ask", Tags.empty(), "feed.builds"),
                counter("tme.feed.channel_errors", "Channels a build could not read (each in that feed's errors)",
                        Tags.empty(), "feed.channel_errors"));
    }
}
