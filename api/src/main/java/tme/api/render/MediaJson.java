package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import tme.scraper.model.Media;

/** Writes one media item. (Placeholder: the media task implements it.) */
final class MediaJson {

    private MediaJson() {}

    static void write(JsonGenerator json, Media media) throws IOException {
        json.writeStartObject();
        json.writeEndObject();
    }
}
