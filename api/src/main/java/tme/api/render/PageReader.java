package tme.api.render;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Counters;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Footer;
import tme.scraper.model.Forwarded;
import tme.scraper.model.MorePage;
import tme.scraper.model.Offset;
import tme.scraper.model.Post;
import tme.scraper.model.PostDate;
import tme.scraper.model.Rich;
import tme.scraper.model.Text;

/**
 * The inverse of {@link JsonRender#body}: a stored {@code /v1/body} answer read back into its {@link ChannelPage},
 * for the work that needs the model and finds only bytes in the cache (the feed ranks and writes posts, and a page
 * another process loaded exists here only as its stored JSON). {@code render(read(render(page)))} is byte-equal to
 * {@code render(page)} for every recorded page ({@code PageReaderTest}): whatever the writer writes, this reads.
 * Values the writer derives ({@code views_count}) are not read: the model derives them again.
 */
public final class PageReader {

    private PageReader() {}

    /** The page in {@code json}, UTF-8 bytes {@link JsonRender#body} wrote. */
    public static ChannelPage body(byte[] json) {
        return body(object(json, "body"));
    }

    /**
     * The page in {@code tree}, a stored {@code /v1/body} answer as {@link StoredJson} decoded it (shared, immutable
     * maps and lists: read, never changed): the same page as {@link #body(byte[])} reads from its bytes.
     */
    @SuppressWarnings("unchecked")
    public static ChannelPage body(Object tree) {
        return body(new JsonObject((Map<String, Object>) tree));
    }

    private static ChannelPage body(JsonObject body) {
        return new ChannelPage(channel(body.getJsonObject("channel")),
                list(body.getJsonObject("content").getJsonArray("posts"), PageReader::post),
                offset(body.getJsonObject("meta").getJsonObject("offset")));
    }

    /** The page in {@code json}, UTF-8 bytes {@link JsonRender#more} wrote (a {@code /v1/more} answer). */
    public static MorePage more(byte[] json) {
        JsonObject more = object(json, "more");
        return new MorePage(list(more.getJsonArray("posts"), PageReader::post),
                offset(more.getJsonObject("meta").getJsonObject("offset")));
    }

    private static JsonObject object(byte[] json, String what) {
        try {
            return new JsonObject(Buffer.buffer(json));
        } catch (DecodeException e) {
            // Stored answers are our own renderer's; unreadable ones are a bug, not input.
            throw new IllegalStateException("a stored " + what + " answer is not JSON", e);
        }
    }

    static Channel channel(JsonObject channel) {
        JsonObject counters = channel.getJsonObject("counters");
        return new Channel(channel.getString("username"), rich(channel.getJsonObject("title")),
                rich(channel.getJsonObject("description")), channel.getString("avatar"),
                new Counters(counters.getString("subscribers"), counters.getString("photos"),
                        counters.getString("videos"), counters.getString("files"), counters.getString("links")),
                list(channel.getJsonArray("labels"), String.class::cast));
    }

    static Post post(Object item) {
        JsonObject post = (JsonObject) item;
        return new Post(post.getInteger("id"), post.getString("view"), ContentReader.content(post.getJsonObject("content")),
                footer(post.getJsonObject("footer")), forwarded(post.getJsonObject("forwarded")));
    }

    private static Footer footer(JsonObject footer) {
        JsonObject date = footer.getJsonObject("date");
        return new Footer(footer.getString("views"), footer.getBoolean("edited"), rich(footer.getJsonObject("author")),
                date == null ? null : new PostDate(date.getString("string"), date.getLong("unix")));
    }

    private static Forwarded forwarded(JsonObject forwarded) {
        return forwarded == null ? null : new Forwarded(rich(forwarded.getJsonObject("name")), forwarded.getString("url"));
    }

    private static Offset offset(JsonObject offset) {
        return new Offset(offset.getInteger("before"), offset.getInteger("after"));
    }

    /** {@code {string, html, entities?}}, or null when absent. */
    static Text text(JsonObject text) {
        return text == null ? null : new Text(text.getString("string"), text.getString("html"),
                list(text.getJsonArray("entities"), PageReader::entity));
    }

    private static Entity entity(Object item) {
        JsonObject entity = (JsonObject) item;
        return new Entity(Names.entityType(entity.getString("type")), entity.getInteger("offset"),
                entity.getInteger("length"), entity.getString("url"), entity.getString("language"),
                entity.getString("custom_emoji_id"));
    }

    /** A {@code {string, html}} pair, or null when absent. */
    static Rich rich(JsonObject rich) {
        return rich == null ? null : new Rich(rich.getString("string"), rich.getString("html"));
    }

    /** The items of an array the writer leaves out when empty: an absent one is an empty list. */
    static <T> List<T> list(JsonArray array, Function<Object, T> item) {
        if (array == null) {
            return List.of();
        }
        List<T> items = new ArrayList<>(array.size());
        for (Object value : array) {
            items.add(item.apply(value));
        }
        return items;
    }

    /** Wire names back to the model's enums. */
    static final class Names {

        // Built once: EntityType.values() copies its array on every call, once per entity of every page read back.
        private static final Map<String, EntityType> ENTITY_TYPES = Arrays.stream(EntityType.values())
                .collect(Collectors.toUnmodifiableMap(EntityType::wireName, type -> type));

        private Names() {}

        static EntityType entityType(String wireName) {
            EntityType type = ENTITY_TYPES.get(wireName);
            if (type == null) {
                throw new IllegalStateException("unknown entity type in a stored answer: " + wireName);
            }
            return type;
        }
    }
}
