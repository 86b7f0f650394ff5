package tme.api.media;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import tme.api.problem.Problem;

/**
 * Reads a media link's CDN URL out of the stored JSON, the same bytes {@code /v1/post} and {@code /v1/body} serve:
 * an item's {@code url} (or {@code thumb}) where the item carries {@code stable_url} (or {@code stable_thumb}), the
 * rule the renderer wrote them by; the avatar from the latest page's {@code channel}, which comes first, so the rest
 * of the page is not read; in a post, nothing past the item asked for. Both run on the event loop: a post is small
 * (t.me caps a post's text at 4096 characters) and the channel object comes first in a page.
 */
final class StoredLinks {

    private static final JsonFactory JSON = new JsonFactory();

    /** A URL found, or why there is none (a 404 problem). */
    sealed interface Link {
        record Found(String url) implements Link {}

        record Missing(Problem problem) implements Link {}
    }

    private StoredLinks() {}

    /** The URL {@code target} follows in the stored post {@code raw}, reading no further than its item. */
    static Link item(byte[] raw, MediaTarget target) {
        String where = "post " + target.post().value() + " of @" + target.channel().value();
        try (JsonParser parser = JSON.createParser(raw)) {
            int count = 0;
            if (parser.nextToken() == JsonToken.START_OBJECT && into(parser, "content") && into(parser, "media")
                    && parser.currentToken() == JsonToken.START_ARRAY) {
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    if (count == target.index()) {
                        return link(strings(parser), target, where);
                    }
                    parser.skipChildren();
                    count++;
                }
            }
            return new Link.Missing(Problem.mediaNotFound("No media item " + target.index() + " in " + where
                    + ": it has " + count));
        } catch (IOException e) {
            throw new UncheckedIOException("a stored post that does not parse", e);
        }
    }

    private static Link link(Map<String, String> item, MediaTarget target, String where) {
        String url = item.get(target.thumb() ? "thumb" : "url");
        if (item.get(target.thumb() ? "stable_thumb" : "stable_url") == null || url == null) {
            return new Link.Missing(Problem.mediaNotFound("Media item " + target.index() + " (" + item.get("type")
                    + ") of " + where + " has no " + (target.thumb() ? "thumbnail" : "file") + " to link to"));
        }
        return new Link.Found(url);
    }

    /** Moves into field {@code name} of the object the parser is in (at its value); false when there is none. */
    private static boolean into(JsonParser parser, String name) throws IOException {
        if (parser.currentToken() == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if (name.equals(field)) {
                    return true;
                }
                parser.skipChildren();
            }
        }
        return false;
    }

    /** The string fields of the object the parser is at; other values skipped. */
    private static Map<String, String> strings(JsonParser parser) throws IOException {
        Map<String, String> fields = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            if (parser.nextToken() == JsonToken.VALUE_STRING) {
                fields.put(field, parser.getText());
            } else {
                parser.skipChildren();
            }
        }
        return fields;
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
            return parser.nextToken() == JsonToken.START_OBJECT && into(parser, "channel") && into(parser, "avatar")
                    ? parser.getValueAsString() : null;
        } catch (IOException e) {
            throw new UncheckedIOException("a stored page that does not parse", e);
        }
    }
}
