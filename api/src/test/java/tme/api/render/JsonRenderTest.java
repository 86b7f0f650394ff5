package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.MorePage;
import tme.scraper.model.Offset;
import tme.scraper.model.Post;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;
import tme.scraper.testing.Fixtures;

/** Renders parsed recorded pages and reads the bytes back as JSON. */
class JsonRenderTest {

    static ChannelPage page(String fixture) {
        Parsed<ChannelPage> parsed = ChannelPageParser.parse(Fixtures.read(fixture), ParserMode.FULL);
        return (ChannelPage) assertInstanceOf(Parsed.Ok.class, parsed).value();
    }

    static Post post(String fixture, int id) {
        return page(fixture).posts().stream().filter(p -> p.id() == id).findFirst().orElseThrow();
    }

    static Post onlyPost(String fixture) {
        Parsed<MorePage> parsed = MoreParser.parse(Fixtures.read(fixture), ParserMode.FULL);
        MorePage more = (MorePage) assertInstanceOf(Parsed.Ok.class, parsed).value();
        return more.posts().getFirst();
    }

    static JsonObject json(byte[] bytes) {
        return new JsonObject(Buffer.buffer(bytes));
    }

    @Test
    void body_durovChannelPostsAndMeta() {
        JsonObject body = json(JsonRender.body(page("s-durov-2026-05-hortay.html")));

        JsonObject channel = body.getJsonObject("channel");
        assertEquals("durov", channel.getString("username"));
        assertEquals("Pavel Durov", channel.getJsonObject("title").getString("string").strip());
        assertEquals("Founder of Telegram.", channel.getJsonObject("description").getString("string").strip());
        assertTrue(channel.getString("avatar").startsWith("https://cdn4.telesco.pe/file/v0YAEbQuCbXHc-W7EBO3eOaq18"));
        assertEquals(new JsonObject().put("subscribers", "10.1M").put("photos", "93").put("videos", "39")
                .put("links", "177"), channel.getJsonObject("counters"));
        assertEquals(new JsonArray().add("verified"), channel.getJsonArray("labels"));
        assertEquals(20, body.getJsonObject("content").getJsonArray("posts").size());
        assertEquals(new JsonObject().put("offset", new JsonObject().put("before", 481)), body.getJsonObject("meta"));
    }

    @Test
    void body_durovFirstPost() {
        JsonObject post = json(JsonRender.body(page("s-durov-2026-05-hortay.html")))
                .getJsonObject("content").getJsonArray("posts").getJsonObject(0);

        assertEquals(481, post.getInteger("id"));
        assertEquals("eyJjIjotMTAwNjUwMzEyMiwicCI6NDgxLCJ0IjoxNzc3OTk5NTIwLCJoIjoiNzJjMjc1MjcwYjU4MTEyZTBmIn0",
                post.getString("view"));
        JsonObject footer = post.getJsonObject("footer");
        assertEquals("2.19M", footer.getString("views"));
        assertEquals(true, footer.getBoolean("edited"));
        assertEquals("Pavel Durov", footer.getJsonObject("author").getString("string"));
        assertEquals(new JsonObject().put("string", "2026-04-08T22:36:42+00:00").put("unix", 1775687802L),
                footer.getJsonObject("date"));
        assertTrue(post.getJsonObject("content").getJsonObject("text").getString("string")
                .strip().startsWith("🇪🇺 The EU is trying to justify"));
        assertFalse(post.containsKey("forwarded"));
        assertEquals("[\"id\",\"content\",\"footer\",\"view\"]", new JsonArray(post.fieldNames().stream().toList())
                .encode());
    }

    @Test
    void body_reactionsInPriorArtShape() {
        JsonArray reacts = json(JsonRender.post("durov", post("s-durov-2026-05-hortay.html", 481)))
                .getJsonObject("content").getJsonArray("reacts");

        assertEquals(5, reacts.size());
        assertEquals(new JsonObject().put("count", "26.7K").put("type", "telegram_stars").put("emoji", "⭐"),
                reacts.getJsonObject(0));
        assertEquals(new JsonObject().put("count", "44.2K").put("type", "custom_emoji")
                .put("emoji_id", "5265077361648368841"), reacts.getJsonObject(1));
        assertEquals("3.86K", reacts.getJsonObject(4).getString("count"));
    }

    @Test
    void post_replyForwardedAndLinkPreview() {
        JsonObject reply = json(JsonRender.post("durov", post("s-meduzalive-2026-05-hortay.html", 141883)))
                .getJsonObject("content").getJsonObject("reply");
        assertEquals(141875, reply.getInteger("to_message"));
        assertEquals("Медуза — LIVE", reply.getJsonObject("name").getString("string").strip());
        assertTrue(reply.getJsonObject("text").getString("string").startsWith("Шатдаун ко Дню Победы."));
        assertFalse(reply.containsKey("cover"));

        JsonObject forwarded = json(JsonRender.post("durov", post("s-meduzalive-2026-05-hortay.html", 141878)));
        assertEquals("https://t.me/meduza_news/89905", forwarded.getJsonObject("forwarded").getString("url"));
        assertEquals("Медуза — все новости",
                forwarded.getJsonObject("forwarded").getJsonObject("name").getString("string").strip());
        JsonObject preview = forwarded.getJsonObject("content").getJsonObject("preview_link");
        assertEquals("Meduza", preview.getString("site_name"));
        assertTrue(preview.getString("url").startsWith("https://meduza.io/news/2026/05/05/pravitelstvo-rf"));
        assertFalse(preview.containsKey("thumb"));
        assertFalse(preview.containsKey("description"));
        assertFalse(forwarded.getJsonObject("footer").containsKey("author"));
        assertEquals(false, forwarded.getJsonObject("footer").getBoolean("edited"));
    }

    @Test
    void post_pollWithPercents() {
        JsonObject poll = json(JsonRender.post("durov", onlyPost("frag-any2feed-message_poll.html")))
                .getJsonObject("content").getJsonObject("poll");

        assertEquals(new JsonObject()
                .put("question", "Как лучше?").put("type", "Anonymous Poll").put("votes", "222")
                .put("votes_count", 222L)
                .put("options", new JsonArray()
                        .add(new JsonObject().put("name", "Несколько постов в день").put("percent", 16))
                        .add(new JsonObject().put("name", "Один пост в несколько дней").put("percent", 83))
                        .add(new JsonObject().put("name", "Свой вариант в комментарии").put("percent", 3))), poll);
    }

    @Test
    void post_serviceMessages() {
        JsonObject created = json(JsonRender.post("durov", page("s-demo_empty-2026-09-agentkreal.html").posts().getFirst()));
        JsonObject service = created.getJsonObject("content").getJsonObject("service");
        assertEquals("channel_created", service.getString("type"));
        assertEquals("Channel created", service.getJsonObject("text").getString("string"));
        assertFalse(created.getJsonObject("footer").containsKey("views"));

        JsonObject pinned = json(JsonRender.post("durov", onlyPost("frag-tchantest-service_message_pinned.html")))
                .getJsonObject("content").getJsonObject("service");
        assertEquals("pinned", pinned.getString("type"));
        assertEquals("Going to pin this message", pinned.getString("quote"));
        assertFalse(pinned.containsKey("to_message"));

        JsonObject renamed = json(JsonRender.post("durov", onlyPost("frag-tchantest-service_message_channel_name_changed.html")))
                .getJsonObject("content").getJsonObject("service");
        assertEquals("renamed", renamed.getString("type"));
        assertEquals("tchan's test channel", renamed.getString("title"));
    }

    @Test
    void more_emptyPageKeepsItsEnvelope() {
        assertEquals("{\"posts\":[],\"meta\":{\"offset\":{}}}",
                new String(JsonRender.more("durov", MorePage.EMPTY), StandardCharsets.UTF_8));
    }

    @Test
    void more_postsAndCursors() {
        MorePage page = new MorePage(page("s-topwar_official-2023-02-any2feed.html").posts(),
                new Offset(70989, 71009));

        JsonObject more = json(JsonRender.more("durov", page));

        assertEquals(12, more.getJsonArray("posts").size());
        assertEquals(70989, more.getJsonArray("posts").getJsonObject(0).getInteger("id"));
        assertEquals(new JsonObject().put("before", 70989).put("after", 71009),
                more.getJsonObject("meta").getJsonObject("offset"));
    }

    @Test
    void preview_card() {
        ChannelPreview preview = (ChannelPreview) assertInstanceOf(Parsed.Ok.class,
                PreviewParser.parse(Fixtures.read("preview-durov-constructed.html"))).value();

        JsonObject channel = json(JsonRender.preview("durov", preview)).getJsonObject("channel");

        assertEquals("Pavel Durov", channel.getString("title"));
        assertEquals("10 552 044 subscribers", channel.getString("subscribers"));
        assertEquals(10552044L, channel.getLong("subscribers_count"));
        assertEquals("Founder of Telegram.", channel.getString("description"));
        assertTrue(channel.getString("avatar").startsWith("https://cdn4.telesco.pe/file/v0YAEbQuCbXHc"));
        assertEquals(true, channel.getBoolean("is_verified"));
    }

    @Test
    void preview_absentFieldsAreLeftOut() {
        JsonObject channel = json(JsonRender.preview("durov", new ChannelPreview("Name", null, null, null, null, false)))
                .getJsonObject("channel");

        assertEquals(new JsonObject().put("title", "Name").put("is_verified", false), channel);
    }
}
