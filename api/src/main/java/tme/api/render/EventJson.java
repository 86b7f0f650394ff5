package tme.api.render;

import tme.scraper.model.Post;

/** A new post as an event carries it (SSE's {@code data:}): {@code {"channel": name, "post": <the /v1/post JSON>}}. */
public final class EventJson {

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
}
