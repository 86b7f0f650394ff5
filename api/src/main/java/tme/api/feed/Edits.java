package tme.api.feed;

import java.time.Instant;
import java.util.Map;

/**
 * When posts were found edited (the event log's {@code edited} facts), by {@code <channel, lower-cased>/<post id>}: a
 * reader feed dates such a post's update then (Atom {@code updated}, JSON Feed {@code date_modified}), so feed readers
 * show the new text as an update. t.me says only that a post was edited, not when: the time is when a load found it.
 */
public record Edits(Map<String, Instant> at) {

    public static final Edits NONE = new Edits(Map.of());

    public Edits {
        at = Map.copyOf(at);
    }

    /** The key of post {@code id} of {@code channel}. */
    public static String key(String channel, int id) {
        return channel.toLowerCase(java.util.Locale.ROOT) + "/" + id;
    }

    /** When {@code item} was found edited, or null. */
    Instant of(ChannelPost item) {
        return at.get(key(item.channelName(), item.post().id()));
    }
}
