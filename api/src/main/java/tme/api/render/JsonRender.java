package tme.api.render;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.Media;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;

/**
 * The one place that knows the JSON wire shape (field names as the prior-art service, see
 * {@code docs/api.md}). Absent optional fields are left out: no nulls, no empty arrays or objects, except
 * the envelopes every answer has ({@code content.posts}, {@code meta.offset}, a post's {@code content} and
 * {@code footer}). Writes UTF-8 bytes with one shared, thread-safe {@link JsonFactory}.
 */
public final class JsonRender {

    /**
     * Characters outside the BMP as their 4 UTF-8 bytes, not as {@code "\\uD83C\\uDDEA"} pairs (12 bytes). Safe
     * because what is written here holds no lone surrogate, which jackson-core 2.18 would merge with the next
     * character: the parser replaces them, and texts are cut at code points (the feeds' titles), never inside a pair.
     * (2.18 still escapes a pair that straddles a 1000-character boundary of a longer string: valid, 8 bytes more.)
     */
    private static final JsonFactory FACTORY =
            JsonFactory.builder().enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();

    private JsonRender() {}

    /** {@code {channel, content:{posts}, meta:{offset:{before,after}}}} for {@code /v1/body}. */
    public static byte[] body(ChannelPage page) {
        return render(json -> {
            json.writeStartObject();
            json.writeFieldName("channel");
            ChannelJson.write(json, page.channel());
            json.writeObjectFieldStart("content");
            PostJson.writeList(json, "posts", page.posts(), ChannelJson.name(page.channel()));
            json.writeEndObject();
            ChannelJson.writeMeta(json, page.offset());
            json.writeEndObject();
        });
    }

    /** {@code {posts, meta:{offset:{before,after}}}} for {@code /v1/more} of {@code channel} (lower-cased). */
    public static byte[] more(String channel, MorePage page) {
        return render(json -> {
            json.writeStartObject();
            PostJson.writeList(json, "posts", page.posts(), channel);
            ChannelJson.writeMeta(json, page.offset());
            json.writeEndObject();
        });
    }

    /** One post object of {@code channel} (lower-cased) for {@code /v1/post}. */
    public static byte[] post(String channel, Post post) {
        return render(json -> PostJson.write(json, post, channel));
    }

    /**
     * {@code {channel:{title, subscribers, subscribers_count, description, avatar, stable_avatar, is_verified}}} of
     * {@code channel} (lower-cased).
     */
    public static byte[] preview(String channel, ChannelPreview preview) {
        return render(json -> ChannelJson.writePreview(json, preview, channel));
    }

    /** A media item's {@code type} as the wire shows it ({@code image}, {@code video}, ...). */
    public static String mediaType(Media media) {
        return MediaJson.type(media);
    }

    /** Every media {@code type} the wire shows. */
    public static List<String> mediaTypes() {
        return MediaJson.TYPES;
    }

    /** Writes one JSON document on the generator it is given. */
    public interface Body {
        void write(JsonGenerator json) throws IOException;
    }

    /**
     * Turns a writer into JSON bytes with the factory that writes characters outside the BMP raw: the stored shapes
     * and the reader feeds' JSON Feed. Problems ({@code ProblemJson}) and the previews map keep Jackson's default,
     * escaping factory, as they can echo client input, which may hold a lone surrogate (see {@code FACTORY}).
     */
    public static byte[] render(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try (JsonGenerator json = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            body.write(json);
        } catch (IOException e) {
            // Writing to a byte array does not fail; a bug in a writer would surface here.
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
