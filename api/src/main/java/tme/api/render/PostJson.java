package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import tme.scraper.model.Entity;
import tme.scraper.model.Footer;
import tme.scraper.model.Forwarded;
import tme.scraper.model.Post;
import tme.scraper.model.Text;

/** A post: {@code {id, content, footer, forwarded, view}}, plus the text shape shared by posts. */
final class PostJson {

    private PostJson() {}

    /**
     * A posts array of {@code channel} (lower-cased, for the media's durable links; null: none); always written,
     * even when empty (it is the answer's main list).
     */
    static void writeList(JsonGenerator json, String name, List<Post> posts, String channel) throws IOException {
        json.writeArrayFieldStart(name);
        for (Post post : posts) {
            write(json, post, channel);
        }
        json.writeEndArray();
    }

    static void write(JsonGenerator json, Post post, String channel) throws IOException {
        writeFields(json, post, channel);
        json.writeEndObject();
    }

    /** Opens the post's object and writes its fields, leaving it open for a caller that adds its own (a feed item). */
    static void writeFields(JsonGenerator json, Post post, String channel) throws IOException {
        json.writeStartObject();
        json.writeNumberField("id", post.id());
        json.writeFieldName("content");
        ContentJson.write(json, post.content(), channel, post.id());
        writeFooter(json, post.footer());
        writeForwarded(json, post.forwarded());
        Fields.string(json, "view", post.view());
    }

    private static void writeFooter(JsonGenerator json, Footer footer) throws IOException {
        json.writeObjectFieldStart("footer");
        Fields.string(json, "views", footer.views());
        Fields.number(json, "views_count", footer.viewsCount());
        json.writeBooleanField("edited", footer.edited());
        Fields.rich(json, "author", footer.author());
        if (footer.date() != null) {
            json.writeObjectFieldStart("date");
            json.writeStringField("string", footer.date().string());
            json.writeNumberField("unix", footer.date().unix());
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    private static void writeForwarded(JsonGenerator json, Forwarded forwarded) throws IOException {
        if (forwarded == null) {
            return;
        }
        json.writeObjectFieldStart("forwarded");
        Fields.rich(json, "name", forwarded.name());
        Fields.string(json, "url", forwarded.url());
        json.writeEndObject();
    }

    /** {@code {string, html, entities?}}; entities only when there are any. */
    static void writeText(JsonGenerator json, String name, Text text) throws IOException {
        if (text == null) {
            return;
        }
        json.writeObjectFieldStart(name);
        json.writeStringField("string", text.string());
        json.writeStringField("html", text.html());
        if (!text.entities().isEmpty()) {
            json.writeArrayFieldStart("entities");
            for (Entity entity : text.entities()) {
                writeEntity(json, entity);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    private static void writeEntity(JsonGenerator json, Entity entity) throws IOException {
        json.writeStartObject();
        json.writeNumberField("offset", entity.offset());
        json.writeNumberField("length", entity.length());
        json.writeStringField("type", entity.type().wireName());
        Fields.string(json, "url", entity.url());
        Fields.string(json, "language", entity.language());
        Fields.string(json, "custom_emoji_id", entity.customEmojiId());
        json.writeEndObject();
    }
}
