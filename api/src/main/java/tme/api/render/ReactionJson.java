package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import tme.scraper.model.Reaction;

/** {@code reacts[{count, type, emoji?, emoji_id?, emoji_image?}]}, types as the prior art names them. */
final class ReactionJson {

    /** The prior art shows paid reactions as a star; clients rely on it. */
    private static final String STAR = "⭐";

    private ReactionJson() {}

    static void writeList(JsonGenerator json, List<Reaction> reactions) throws IOException {
        if (reactions.isEmpty()) {
            return;
        }
        json.writeArrayFieldStart("reacts");
        for (Reaction reaction : reactions) {
            write(json, reaction);
        }
        json.writeEndArray();
    }

    private static void write(JsonGenerator json, Reaction reaction) throws IOException {
        json.writeStartObject();
        Fields.string(json, "count", reaction.count());
        switch (reaction) {
            case Reaction.Emoji emoji -> {
                json.writeStringField("type", "emoji");
                Fields.string(json, "emoji", emoji.emoji());
                Fields.string(json, "emoji_image", emoji.image());
            }
            case Reaction.CustomEmoji custom -> {
                json.writeStringField("type", "custom_emoji");
                Fields.string(json, "emoji", custom.emoji());
                Fields.string(json, "emoji_id", custom.id());
                Fields.string(json, "emoji_image", custom.image());
            }
            case Reaction.Paid paid -> {
                json.writeStringField("type", "telegram_stars");
                json.writeStringField("emoji", STAR);
            }
        }
        json.writeEndObject();
    }
}
