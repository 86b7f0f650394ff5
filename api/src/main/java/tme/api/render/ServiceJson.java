package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import tme.scraper.model.ServiceMessage;

/**
 * {@code service{type, text, title?, photo?, to_message?, quote?}}: the kind of a service message
 * ({@code channel_created, renamed, photo_changed, video_changed, pinned, other}) and what t.me showed.
 */
final class ServiceJson {

    private ServiceJson() {}

    static void write(JsonGenerator json, ServiceMessage service) throws IOException {
        if (service == null) {
            return;
        }
        json.writeObjectFieldStart("service");
        json.writeStringField("type", type(service));
        Fields.rich(json, "text", service.text());
        switch (service) {
            case ServiceMessage.Renamed renamed -> Fields.string(json, "title", renamed.title());
            case ServiceMessage.PhotoChanged photo -> Fields.string(json, "photo", photo.photo());
            case ServiceMessage.Pinned pinned -> {
                Fields.number(json, "to_message", pinned.message());
                Fields.string(json, "quote", pinned.quote());
            }
            case ServiceMessage.ChannelCreated created -> { }
            case ServiceMessage.VideoChanged video -> { }
            case ServiceMessage.Other other -> { }
        }
        json.writeEndObject();
    }

    private static String type(ServiceMessage service) {
        return switch (service) {
            case ServiceMessage.ChannelCreated created -> "channel_created";
            case ServiceMessage.Renamed renamed -> "renamed";
            case ServiceMessage.PhotoChanged photo -> "photo_changed";
            case ServiceMessage.VideoChanged video -> "video_changed";
            case ServiceMessage.Pinned pinned -> "pinned";
            case ServiceMessage.Other other -> "other";
        };
    }
}
