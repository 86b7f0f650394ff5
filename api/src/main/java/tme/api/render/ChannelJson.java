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

    static void writePreview(JsonGenerator json, ChannelPreview preview) throws IOException {
        json.writeStartObject();
        json.writeObjectFieldStart("channel");
        Fields.string(json, "title", preview.title());
        Fields.string(json, "subscribers", preview.subscribers());
        Fields.number(json, "subscribers_count", preview.subscribersCount());
        Fields.string(json, "description", preview.description());
        Fields.string(json, "avatar", preview.avatar());
        json.writeBooleanField("is_verified", preview.verified());
        json.writeEndObject();
        json.writeEndObject();
    }
}
