package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import tme.scraper.model.Content;
import tme.scraper.model.InlineButton;
import tme.scraper.model.LinkPreview;
import tme.scraper.model.Media;
import tme.scraper.model.Poll;
import tme.scraper.model.Reply;

/**
 * A post's {@code content}: {@code text, media, poll, inline, reply, preview_link, reacts, service}, each only
 * when present. The object itself is always written (a post without any content is {@code {}}).
 */
final class ContentJson {

    private ContentJson() {}

    /** The content of post {@code post} of {@code channel} (lower-cased; null: its media get no durable links). */
    static void write(JsonGenerator json, Content content, String channel, int post) throws IOException {
        json.writeStartObject();
        PostJson.writeText(json, "text", content.text());
        if (!content.media().isEmpty()) {
            json.writeArrayFieldStart("media");
            for (int i = 0; i < content.media().size(); i++) {
                MediaJson.write(json, content.media().get(i), channel, post, i);
            }
            json.writeEndArray();
        }
        writePoll(json, content.poll());
        writeInline(json, content);
        writeReply(json, content.reply());
        writePreview(json, content.preview());
        ReactionJson.writeList(json, content.reactions());
        ServiceJson.write(json, content.service());
        json.writeEndObject();
    }

    private static void writePoll(JsonGenerator json, Poll poll) throws IOException {
        if (poll == null) {
            return;
        }
        json.writeObjectFieldStart("poll");
        Fields.string(json, "question", poll.question());
        Fields.string(json, "type", poll.type());
        Fields.string(json, "votes", poll.votes());
        Fields.number(json, "votes_count", poll.votesCount());
        if (!poll.options().isEmpty()) {
            json.writeArrayFieldStart("options");
            for (Poll.Option option : poll.options()) {
                json.writeStartObject();
                Fields.string(json, "name", option.name());
                Fields.number(json, "percent", option.percent());
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    private static void writeInline(JsonGenerator json, Content content) throws IOException {
        if (content.inline().isEmpty()) {
            return;
        }
        json.writeArrayFieldStart("inline");
        for (InlineButton button : content.inline()) {
            json.writeStartObject();
            Fields.string(json, "title", button.title());
            Fields.string(json, "url", button.url());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeReply(JsonGenerator json, Reply reply) throws IOException {
        if (reply == null) {
            return;
        }
        json.writeObjectFieldStart("reply");
        Fields.string(json, "cover", reply.cover());
        Fields.rich(json, "name", reply.name());
        Fields.rich(json, "text", reply.text());
        Fields.number(json, "to_message", reply.toMessage());
        json.writeEndObject();
    }

    private static void writePreview(JsonGenerator json, LinkPreview preview) throws IOException {
        if (preview == null) {
            return;
        }
        json.writeObjectFieldStart("preview_link");
        Fields.string(json, "title", preview.title());
        Fields.string(json, "url", preview.url());
        Fields.string(json, "site_name", preview.siteName());
        Fields.rich(json, "description", preview.description());
        Fields.string(json, "thumb", preview.thumb());
        json.writeEndObject();
    }
}
