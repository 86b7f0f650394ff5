package tme.api.feed;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import tme.api.render.Fields;
import tme.api.render.JsonRender;

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1), which Rome does not write, through the one JSON writer
 * ({@link JsonRender#render}). Required fields always: {@code version}, {@code title}, {@code items[].id}, and one of
 * {@code content_html} / {@code content_text} (both, when the post has text). Absent optional fields are left out.
 */
final class JsonFeed {

    static final String VERSION = "https://jsonfeed.org/version/1.1";

    private JsonFeed() {}

    static byte[] write(FeedInfo info, List<ReaderEntry> entries) {
        return JsonRender.render(json -> {
            json.writeStartObject();
            json.writeStringField("version", VERSION);
            json.writeStringField("title", info.title());
            json.writeStringField("home_page_url", info.homeUrl());
            json.writeStringField("feed_url", info.selfUrl());
            json.writeStringField("description", info.description());
            Fields.string(json, "icon", info.icon());
            if (info.hubUrl() != null) {
                json.writeArrayFieldStart("hubs");
                json.writeStartObject();
                json.writeStringField("type", "WebSub");
                json.writeStringField("url", info.hubUrl());
                json.writeEndObject();
                json.writeEndArray();
            }
            json.writeArrayFieldStart("items");
            for (ReaderEntry entry : entries) {
                item(json, entry);
            }
            json.writeEndArray();
            json.writeEndObject();
        });
    }

    private static void item(JsonGenerator json, ReaderEntry entry) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", entry.permalink());
        json.writeStringField("url", entry.permalink());
        json.writeStringField("title", entry.title());
        json.writeStringField("content_html", entry.html().isEmpty() ? escapedTitle(entry) : entry.html());
        if (!entry.text().isEmpty()) {
            json.writeStringField("content_text", entry.text());
        }
        Fields.string(json, "image", entry.image());
        if (entry.published() != null) {
            json.writeStringField("date_published", rfc3339(entry.published()));
        }
        if (entry.edited() != null) {
            json.writeStringField("date_modified", rfc3339(entry.updated()));
        }
        json.writeArrayFieldStart("authors");
        json.writeStartObject();
        json.writeStringField("name", entry.author());
        json.writeStringField("url", entry.authorUrl());
        json.writeEndObject();
        json.writeEndArray();
        if (!entry.enclosures().isEmpty()) {
            json.writeArrayFieldStart("attachments");
            for (Enclosure enclosure : entry.enclosures()) {
                json.writeStartObject();
                json.writeStringField("url", enclosure.url());
                json.writeStringField("mime_type", enclosure.type());
                if (enclosure.length() > 0) {
                    json.writeNumberField("size_in_bytes", enclosure.length());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    /** A post without text still has content: its title ("Photo", "Poll"), as HTML. */
    private static String escapedTitle(ReaderEntry entry) {
        return "<p>" + PostHtml.attribute(entry.title()) + "</p>";
    }

    static String rfc3339(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
