package tme.api;

import java.time.Duration;
import java.util.Optional;
import tme.api.push.StreamsConfig;
import tme.api.service.FeedRequest;
import tme.api.websub.WebSubConfig;

/**
 * New posts pushed to readers: the event log's bounds ({@code EVENTS_*}), the SSE streams' ({@code STREAM_*}) and
 * the WebSub hub's ({@code WEBSUB_*}), read from the environment.
 *
 * @param eventsMaxLength events kept per channel at most ({@code EVENTS_MAX_LENGTH}: the stream's cap, and how far
 *                        back {@code Last-Event-ID} can resume)
 * @param eventsKeep      how long a channel's events are kept after its last new post ({@code EVENTS_KEEP})
 * @param streams         the SSE streams' limits and heartbeat
 * @param websub          the WebSub hub's bounds
 */
public record PushSettings(int eventsMaxLength, Duration eventsKeep, StreamsConfig streams, WebSubConfig websub) {

    static PushSettings fromEnv(EnvReader in) {
        int maxLength = in.integer("EVENTS_MAX_LENGTH", 1000, 10, 1_000_000);
        Duration keep = in.positiveDuration("EVENTS_KEEP", Duration.ofDays(7));
        StreamsConfig streams = new StreamsConfig(
                in.integer("STREAM_MAX_CLIENTS", 10_000, 1, 1_000_000),
                in.integer("STREAM_MAX_PER_CLIENT", 8, 1, 10_000),
                in.positiveDuration("STREAM_HEARTBEAT", Duration.ofSeconds(15)),
                maxLength);
        return new PushSettings(maxLength, keep, streams, websub(in));
    }

    private static WebSubConfig websub(EnvReader in) {
        WebSubConfig defaults = new WebSubConfig(false, Duration.ofDays(10), Duration.ofDays(30), 1000, 100,
                Duration.ofSeconds(10), Duration.ofHours(1), Duration.ofSeconds(60), 100);
        boolean allowPrivate = in.flag("WEBSUB_ALLOW_PRIVATE", false);
        Duration leaseDefault = in.positiveDuration("WEBSUB_LEASE_DEFAULT", defaults.leaseDefault());
        Duration leaseMax = in.positiveDuration("WEBSUB_LEASE_MAX", defaults.leaseMax());
        int perTopic = in.integer("WEBSUB_MAX_PER_TOPIC", defaults.maxPerTopic(), 1, 1_000_000);
        int perHost = in.integer("WEBSUB_MAX_PER_HOST", defaults.maxPerHost(), 1, 1_000_000);
        Duration timeout = in.positiveDuration("WEBSUB_TIMEOUT", defaults.timeout());
        Duration retryFor = in.positiveDuration("WEBSUB_RETRY_FOR", defaults.retryFor());
        Duration lease = in.positiveDuration("WEBSUB_DELIVERY_LEASE", defaults.deliveryLease());
        int maxPosts = in.integer("WEBSUB_MAX_POSTS", defaults.maxPosts(), 1, FeedRequest.MAX_LIMIT);
        return in.checked(() -> new WebSubConfig(allowPrivate, leaseDefault, leaseMax, perTopic, perHost, timeout,
                retryFor, lease, maxPosts), defaults);
    }
}
