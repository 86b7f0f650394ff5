package tme.api.render;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The posts of a stored page answer ({@link JsonRender#body} or {@link JsonRender#more}) as the bytes the renderer
 * wrote for each, cut out of the answer without rewriting them, with the id, date and cursor a walk through a
 * channel's history needs. A history line is then a post exactly as {@code /v1/body} serves it.
 *
 * @param posts  the page's posts, in stored order (oldest first)
 * @param before {@code meta.offset.before}: where the next older page starts, or null when t.me offers none
 * @param after  {@code meta.offset.after}: where the next newer page starts, or null when t.me offers none
 */
public record PostSlices(List<Slice> posts, Integer before, Integer after) {

    private static final JsonFactory FACTORY = new JsonFactory();

    /**
     * One post of a page.
     *
     * @param id   the post's id
     * @param unix its date in Unix seconds (0 when the post shows none)
     * @param json the post object, UTF-8, as stored
     */
    public record Slice(int id, long unix, byte[] json) {}

    /** The posts and the older cursor of {@code json}, a stored page answer. */
    public static PostSlices of(byte[] json) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            List<Slice> posts = List.of();
            Integer[] offset = {null, null};
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "posts" -> posts = posts(parser, json);
                    case "content" -> posts = inContent(parser, json);
                    case "meta" -> offset = offset(parser);
                    default -> parser.skipChildren();
                }
            }
            return new PostSlices(posts, offset[0], offset[1]);
        } catch (IOException e) {
            // Stored answers are our own renderer's; an unreadable one is a bug, not input.
            throw new UncheckedIOException("a stored page answer is not JSON", e);
        }
    }

    /** {@code content: {posts: [...]}}. */
    private static List<Slice> inContent(JsonParser parser, byte[] json) throws IOException {
        List<Slice> posts = List.of();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("posts")) {
                posts = posts(parser, json);
            } else {
                parser.skipChildren();
            }
        }
        return posts;
    }

    private static List<Slice> posts(JsonParser parser, byte[] json) throws IOException {
        expect(parser.currentToken(), JsonToken.START_ARRAY);
        List<Slice> posts = new ArrayList<>();
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            int start = (int) parser.currentTokenLocation().getByteOffset();
            int id = 0;
            long unix = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "id" -> id = parser.getIntValue();
                    case "footer" -> unix = unix(parser);
                    default -> parser.skipChildren();
                }
            }
            int end = (int) parser.currentTokenLocation().getByteOffset() + 1; // just past the post's '}'
            posts.add(new Slice(id, unix, Arrays.copyOfRange(json, start, end)));
        }
        return List.copyOf(posts);
    }

    /** {@code footer.date.unix}, 0 when absent. */
    private static long unix(JsonParser parser) throws IOException {
        long unix = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("date")) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String part = parser.currentName();
                    parser.nextToken();
                    if (part.equals("unix")) {
                        unix = parser.getLongValue();
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
        return unix;
    }

    /** {@code meta: {offset: {before?, after?}}}: the older and newer cursors. */
    private static Integer[] offset(JsonParser parser) throws IOException {
        Integer[] offset = {null, null};
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (!field.equals("offset")) {
                parser.skipChildren();
                continue;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String part = parser.currentName();
                parser.nextToken();
                switch (part) {
                    case "before" -> offset[0] = parser.getIntValue();
                    case "after" -> offset[1] = parser.getIntValue();
                    default -> parser.skipChildren();
                }
            }
        }
        return offset;
    }

    private static void expect(JsonToken token, JsonToken wanted) {
        if (token != wanted) {
            throw new IllegalStateException("a stored page answer: " + wanted + " expected, not " + token);
        }
    }
}
