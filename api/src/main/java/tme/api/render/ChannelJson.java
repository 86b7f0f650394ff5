package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.Counters;
import tme.scraper.model.Offset;

/** The channel header, the paging meta and the preview card. */
final class ChannelJson {

    private ChannelJson() {}

    static void write(JsonGenerator json, Channel channel) throws IOException {
        json.writeStartObject();
        Fields.string(json, "username", channel.username());
        Fields.rich(json, "title", channel.title());
        Fields.rich(json, "description", channel.description());
        Fields.string(json, "avatar", channel.avatar());
        stableAvatar(json, channel.avatar(), name(channel));
        writeCounters(json, channel.counters());
        if (!channel.labels().isEmpty()) {
            json.writeArrayFieldStart("labels");
            for (String label : channel.labels()) {
                json.writeString(label);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    /** The channel's name as the durable links spell it (lower-cased), or null when the header shows none. */
    static String name(Channel channel) {
        return channel.username() == null || channel.username().isBlank()
                ? null : channel.username().toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code stable_avatar}, the durable link of the avatar, when there is an avatar and a name to link by. */
    private static void stableAvatar(JsonGenerator json, String avatar, String channel) throws IOException {
        if (avatar != null && channel != null) {
            json.writeStringField("stable_avatar", MediaPaths.avatar(channel));
        }
    }

    private static void writeCounters(JsonGenerator json, Counters counters) throws IOException {
        json.writeObjectFieldStart("counters");
        Fields.string(json, "subscribers", counters.subscribers());
        Fields.string(json, "photos", counters.photos());
        Fields.string(json, "videos", counters.videos());
        Fields.string(json, "files", counters.files());
        Fields.string(json, "links", counters.links());
        json.writeEndObject();
    }

    /** {@code "meta":{"offset":{...}}}; the offset object is always there, its cursors only when present. */
    static void writeMeta(JsonGenerator json, Offset offset) throws IOException {
        json.writeObjectFieldStart("meta");
        json.writeObjectFieldStart("offset");
        Fields.number(json, "before", offset.before());
        Fields.number(json, "after", offset.after());
        json.writeEndObject();
        json.writeEndObject();
    }

    /** The preview card of {@code channel} (lower-cased), whose avatar's durable link names it. */
    static void writePreview(JsonGenerator json, ChannelPreview preview, String channel) throws IOException {
        json.writeStartObject();
        json.writeObjectFieldStart("channel");
        Fields.string(json, "title", preview.title());
        Fields.string(json, "subscribers", preview.subscribers());
        Fields.number(json, "subscribers_count", preview.subscribersCount());
        Fields.string(json, "description", preview.description());
        Fields.string(json, "avatar", preview.avatar());
        stableAvatar(json, preview.avatar(), channel);
        json.writeBooleanField("is_verified", preview.verified());
        json.writeEndObject();
        json.writeEndObject();
    }
}
