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

    /**
     * An edited post ({@code event: edited}): {@code {"channel": name, "post": <the post as it is now>,
     * "previous_text_digest": <32 hex digits>}}, the digest being the first 128 bits of the SHA-256 of the text before.
     */
    public static byte[] edited(String channel, Post post, String previousTextDigest) {
        return JsonRender.render(json -> {
            json.writeStartObject();
            json.writeStringField("channel", channel);
            json.writeFieldName("post");
            PostJson.write(json, post, channel.toLowerCase(java.util.Locale.ROOT));
            json.writeStringField("previous_text_digest", previousTextDigest);
            json.writeEndObject();
        });
    }

    /** A deleted post ({@code event: deleted}): {@code {"channel": name, "id": id}}. */
    public static byte[] deleted(String channel, int id) {
        return JsonRender.render(json -> {
            json.writeStartObject();
            json.writeStringField("channel", channel);
            json.writeNumberField("id", id);
            json.writeEndObject();
        });
    }

    /** The inverse of {@link #post} (the post read as {@link PageReader} reads a page's): a WebSub delivery renders it. */
    public static Carried read(byte[] event) {
        JsonObject object = new JsonObject(Buffer.buffer(event));
        return new Carried(object.getString("channel"), PageReader.post(object.getJsonObject("post")));
    }
}
