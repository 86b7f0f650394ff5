package tme.api.media;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import tme.api.problem.Problem;

/**
 * Reads a media link's CDN URL out of the stored JSON, the same bytes {@code /v1/post} and {@code /v1/body} serve:
 * an item's {@code url} (or {@code thumb}) where the item carries {@code stable_url} (or {@code stable_thumb}), the
 * rule the renderer wrote them by; the avatar from the latest page's {@code channel}, which comes first, so the rest
 * of the page is not read. A post is small (t.me caps a post's text at 4096 characters), so it is read whole.
 */
final class StoredLinks {

    private static final JsonFactory JSON = new JsonFactory();

    /** A URL found, or why there is none (a 404 problem). */
    sealed interface Link {
        record Found(String url) implements Link {}

        record Missing(Problem problem) implements Link {}
    }

    private StoredLinks() {}

    /** The URL {@code target} follows in the stored post {@code raw}. */
    static Link item(byte[] raw, MediaTarget target) {
        JsonObject post = new JsonObject(Buffer.buffer(raw));
        JsonObject content = post.getJsonObject("content");
        JsonArray media = content == null ? null : content.getJsonArray("media");
        int count = media == null ? 0 : media.size();
        String where = "post " + target.post().value() + " of @" + target.channel().value();
        if (target.index() >= count) {
            return new Link.Missing(Problem.mediaNotFound("No media item " + target.index() + " in " + where + ": it has "
                    + count));
        }
        JsonObject item = media.getJsonObject(target.index());
        String stable = target.thumb() ? "stable_thumb" : "stable_url";
        String url = item.getString(target.thumb() ? "thumb" : "url");
        if (item.getString(stable) == null || url == null) {
            return new Link.Missing(Problem.mediaNotFound("Media item " + target.index() + " (" + item.getString("type")
                    + ") of " + where + " has no " + (target.thumb() ? "thumbnail" : "file") + " to link to"));
        }
        return new Link.Found(url);
    }

    /** The avatar URL in the stored latest page {@code raw}. */
    static Link avatar(byte[] raw, MediaTarget target) {
        String avatar = channelAvatar(raw);
        return avatar != null ? new Link.Found(avatar)
                : new Link.Missing(Problem.mediaNotFound("Channel @" + target.channel().value() + " shows no avatar"));
    }

    /** {@code channel.avatar} of a body page, reading no further than the channel object. */
    private static String channelAvatar(byte[] raw) {
        try (JsonParser parser = JSON.createParser(raw)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("channel".equals(field)) {
                    return avatarIn(parser);
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("a stored page that does not parse", e);
        }
    }

    private static String avatarIn(JsonParser channel) throws IOException {
        while (channel.nextToken() == JsonToken.FIELD_NAME) {
            String field = channel.currentName();
            channel.nextToken();
            if ("avatar".equals(field)) {
                return channel.getValueAsString();
            }
            channel.skipChildren();
        }
        return null;
    }
}
