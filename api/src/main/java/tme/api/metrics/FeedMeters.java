package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The multi-channel feed ({@code tme.api.service.FeedService}): requests, builds, channels a build could not read. */
final class FeedMeters {

    private FeedMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("feed.requests", "Feed requests, REST and GraphQL"),
                counter("feed.builds", "Feeds built, ranked and rendered: once per distinct feed per lifetime,"
                        + " however many ask"),
                counter("feed.channel_errors", "Channels a build could not read (each in that feed's errors)"));
    }
}
