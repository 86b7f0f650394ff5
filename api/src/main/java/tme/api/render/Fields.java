package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import tme.scraper.model.Rich;

/** Writers for optional fields: each leaves the field out when its value is absent. */
public final class Fields {

    private Fields() {}

    public static void string(JsonGenerator json, String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }

    static void number(JsonGenerator json, String name, Integer value) throws IOException {
        if (value != null) {
            json.writeNumberField(name, value);
        }
    }

    static void number(JsonGenerator json, String name, Long value) throws IOException {
        if (value != null) {
            json.writeNumberField(name, value);
        }
    }

    /** A {@code {string, html}} pair. */
    static void rich(JsonGenerator json, String name, Rich value) throws IOException {
        if (value == null) {
            return;
        }
        json.writeObjectFieldStart(name);
        json.writeStringField("string", value.string());
        json.writeStringField("html", value.html());
        json.writeEndObject();
    }
}
