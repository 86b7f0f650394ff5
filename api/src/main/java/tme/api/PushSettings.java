package tme.api;

import static tme.api.Settings.*;

import java.time.Duration;
import tme.api.push.StreamsConfig;
import tme.api.websub.WebSubConfig;

/**
 * New posts pushed to readers: the event log's bounds ({@code EVENTS_*}), the SSE streams' ({@code STREAM_*}) and
 * the WebSub hub's ({@code WEBSUB_*}), built from the catalogue ({@link Settings}).
 *
 * @param eventsMaxLength events kept per channel at most ({@code EVENTS_MAX_LENGTH}: the stream's cap, and how far
 *                        back {@code Last-Event-ID} can resume)
 * @param eventsKeep      how long a channel's events are kept after its last new post ({@code EVENTS_KEEP})
 * @param streams         the SSE streams' limits and heartbeat
 * @param websub          the WebSub hub's bounds
 */
public record PushSettings(int eventsMaxLength, Duration eventsKeep, StreamsConfig streams, WebSubConfig websub) {

    static PushSettings from(EnvReader in) {
        int maxLength = in.get(EVENTS_MAX_LENGTH);
        StreamsConfig streams = new StreamsConfig(in.get(STREAM_MAX_CLIENTS), in.get(STREAM_MAX_PER_CLIENT),
                in.get(STREAM_HEARTBEAT), maxLength);
        return new PushSettings(maxLength, in.get(EVENTS_KEEP), streams, websub(in));
    }

    /** The hub's bounds (its record refuses a default lease over the longest, or a delivery lease under a call). */
    private static WebSubConfig websub(EnvReader in) {
        return in.checked(set -> new WebSubConfig(set.get(WEBSUB_ALLOW_PRIVATE), set.get(WEBSUB_LEASE_DEFAULT),
                set.get(WEBSUB_LEASE_MAX), set.get(WEBSUB_MAX_PER_TOPIC), set.get(WEBSUB_MAX_PER_HOST),
                set.get(WEBSUB_TIMEOUT), set.get(WEBSUB_RETRY_FOR), set.get(WEBSUB_DELIVERY_LEASE),
                set.get(WEBSUB_MAX_POSTS)));
    }
}
