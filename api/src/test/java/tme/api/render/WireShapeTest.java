package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static tme.api.render.JsonRenderTest.json;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Content;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Footer;
import tme.scraper.model.InlineButton;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.model.Text;

/** The omission policy over every recorded full page, and the parts no recorded page has. */
class WireShapeTest {

    /** The envelopes that are written even when empty. */
    private static final Set<String> ENVELOPES = Set.of("posts", "offset", "content");

    @Test
    void recordedPages_haveNoNullsAndNoEmptyOptionalValues() {
        for (String fixture : List.of("s-durov-2026-05-hortay.html", "s-meduzalive-2026-05-hortay.html",
                "s-topwar_official-2023-02-any2feed.html", "s-demo_empty-2026-09-agentkreal.html")) {
            assertNoAbsentValues(fixture, json(JsonRender.body(JsonRenderTest.page(fixture))));
        }
    }

    private static void assertNoAbsentValues(String where, JsonObject object) {
        for (String name : object.fieldNames()) {
            Object value = object.getValue(name);
            String path = where + "." + name;
            assertNotNull(value, path + " is null");
            if (value instanceof JsonObject child) {
                assertFalse(child.isEmpty() && !ENVELOPES.contains(name), path + " is an empty object");
                assertNoAbsentValues(path, child);
            } else if (value instanceof JsonArray array) {
                assertFalse(array.isEmpty() && !ENVELOPES.contains(name), path + " is an empty array");
                for (int i = 0; i < array.size(); i++) {
                    assertNotNull(array.getValue(i), path + "[" + i + "] is null");
                    if (array.getValue(i) instanceof JsonObject item) {
                        assertNoAbsentValues(path + "[" + i + "]", item);
                    }
                }
            }
        }
    }

    @Test
    void entities_offsetsTypesAndOnlyTheirOwnExtras() {
        Text text = new Text("Big news, see docs 😀", "<b>Big news</b>, see <a href=\"https://x.example/\">docs</a> …",
                List.of(Entity.of(EntityType.BOLD, 0, 8),
                        new Entity(EntityType.TEXT_LINK, 14, 4, "https://x.example/", null, null),
                        new Entity(EntityType.PRE, 0, 3, null, "python", null),
                        new Entity(EntityType.CUSTOM_EMOJI, 19, 2, "https://t.me/i/emoji/5368324170671202286.webp",
                                null, "5368324170671202286")));
        Post post = new Post(7, "token", new Content(text, List.of(), null, List.of(), null, null, List.of(), null),
                Footer.EMPTY, null);

        JsonArray entities = json(JsonRender.post("durov", post)).getJsonObject("content").getJsonObject("text")
                .getJsonArray("entities");

        assertEquals(new JsonArray()
                .add(new JsonObject().put("offset", 0).put("length", 8).put("type", "bold"))
                .add(new JsonObject().put("offset", 14).put("length", 4).put("type", "text_link")
                        .put("url", "https://x.example/"))
                .add(new JsonObject().put("offset", 0).put("length", 3).put("type", "pre").put("language", "python"))
                .add(new JsonObject().put("offset", 19).put("length", 2).put("type", "custom_emoji")
                        .put("url", "https://t.me/i/emoji/5368324170671202286.webp")
                        .put("custom_emoji_id", "5368324170671202286")), entities);
    }

    @Test
    void inlineButtonsAndStandardEmojiReaction() {
        Content content = new Content(null, List.of(), null,
                List.of(new InlineButton("Open", "https://example.com/"), new InlineButton("Chat", "https://t.me/x")),
                null, null, List.of(new Reaction.Emoji("👍", "https://telegram.org/img/emoji/40/F09F918D.png", "12K")),
                null);

        JsonObject json = json(JsonRender.post("durov", new Post(9, null, content, Footer.EMPTY, null)));

        assertEquals(new JsonObject()
                .put("inline", new JsonArray()
                        .add(new JsonObject().put("title", "Open").put("url", "https://example.com/"))
                        .add(new JsonObject().put("title", "Chat").put("url", "https://t.me/x")))
                .put("reacts", new JsonArray().add(new JsonObject().put("count", "12K").put("type", "emoji")
                        .put("emoji", "👍").put("emoji_image", "https://telegram.org/img/emoji/40/F09F918D.png"))),
                json.getJsonObject("content"));
        assertEquals(new JsonObject().put("id", 9).put("content", json.getJsonObject("content"))
                .put("footer", new JsonObject().put("edited", false)), json);
    }
}
