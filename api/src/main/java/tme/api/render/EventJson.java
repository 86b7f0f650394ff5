package tme.api.render;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import tme.scraper.model.Post;

/** A new post as an event carries it (SSE's {@code data:}): {@code {"channel": name, "post": <the /v1/post JSON>}}. */
public final class EventJson {

    /** What an event carries: the channel's name as published, and the post. */
    public record Carried(String channel, Post post) {}

    private EventJson() {}

    public static byte[] post(String channel, Post post) {
        return JsonRender.render(json -> {
            json.writeStartObject();
            json.writeStringField("channel", channel);
            json.writeFieldName("post");
            PostJson.write(json, post, channel.toLowerCase(java.util.Locale.ROOT));
            json.writeEndObject();
        });
    }

    /** The inverse of {@link #post} (the post read as {@link PageReader} reads a page's): a WebSub delivery renders it. */
    public static Carried read(byte[] event) {
        JsonObject object = new JsonObject(Buffer.buffer(event));
        return new Carried(object.getString("channel"), PageReader.post(object.getJsonObject("post")));
    }
}
