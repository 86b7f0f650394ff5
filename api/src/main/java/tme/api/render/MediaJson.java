package tme.api.render;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import tme.scraper.model.Media;
import tme.scraper.model.PlayTime;

/**
 * Writes one media item as the prior-art wire object: {@code type} first, then {@code url}, {@code thumb},
 * {@code waves}, {@code duration} ({@code formatted}, and {@code raw} seconds when the text parsed),
 * {@code available} (only when false), then the kind's own fields, then the durable links {@code stable_url} and
 * {@code stable_thumb} ({@link MediaPaths}) where the item has such a file. Absent values are left out, never null.
 */
final class MediaJson {

    private MediaJson() {}

    /**
     * One JSON object, written into an already open generator (inside an array or after a field name): the
     * {@code index}-th item of post {@code post} of {@code channel} (lower-cased; null: no durable links).
     */
    static void write(JsonGenerator json, Media media, String channel, int post, int index) throws IOException {
        json.writeStartObject();
        json.writeStringField("type", type(media));
        switch (media) {
            case Media.Photo p -> Fields.string(json, "url", p.url());
            case Media.Video v -> {
                urlAndThumb(json, v.url(), v.thumb());
                duration(json, v.duration());
                unavailable(json, v.available());
            }
            case Media.Gif g -> {
                urlAndThumb(json, g.url(), g.thumb());
                unavailable(json, g.available());
            }
            case Media.RoundVideo r -> {
                urlAndThumb(json, r.url(), r.thumb());
                duration(json, r.duration());
            }
            case Media.Voice v -> {
                Fields.string(json, "url", v.url());
                Fields.string(json, "waves", v.waveform());
                duration(json, v.duration());
            }
            case Media.Audio a -> {
                Fields.string(json, "title", a.title());
                Fields.string(json, "performer", a.performer());
                Fields.string(json, "size", a.size());
            }
            case Media.Document d -> {
                Fields.string(json, "title", d.title());
                Fields.string(json, "size", d.size());
            }
            case Media.Sticker s -> sticker(json, s);
            case Media.Location l -> location(json, l);
            case Media.Unsupported u -> Fields.string(json, "url", u.url());
        }
        if (channel != null) {
            stableLinks(json, media, channel, post, index);
        }
        json.writeEndObject();
    }

    /** Every wire name {@link #type} gives, in the order of {@link Media}'s kinds. */
    static final List<String> TYPES = List.of("image", "video", "gif", "roundvideo", "voice", "audio", "document",
            "sticker", "location", "unsupported");

    private static void stableLinks(JsonGenerator json, Media media, String channel, int post, int index)
            throws IOException {
        if (MediaPaths.file(media) != null) {
            json.writeStringField("stable_url", MediaPaths.item(channel, post, index));
        }
        if (MediaPaths.thumbFile(media) != null) {
            json.writeStringField("stable_thumb", MediaPaths.thumb(channel, post, index));
        }
    }

    /** The wire name of the kind; "image" and "roundvideo" are the prior art's names. */
    static String type(Media media) {
        return switch (media) {
            case Media.Photo p -> "image";
            case Media.Video v -> "video";
            case Media.Gif g -> "gif";
            case Media.RoundVideo r -> "roundvideo";
            case Media.Voice v -> "voice";
            case Media.Audio a -> "audio";
            case Media.Document d -> "document";
            case Media.Sticker s -> "sticker";
            case Media.Location l -> "location";
            case Media.Unsupported u -> "unsupported";
        };
    }

    private static void sticker(JsonGenerator json, Media.Sticker sticker) throws IOException {
        urlAndThumb(json, sticker.url(), sticker.thumb());
        if (sticker.format() != null) {
            json.writeStringField("format", sticker.format().wireName());
        }
    }

    private static void location(JsonGenerator json, Media.Location location) throws IOException {
        urlAndThumb(json, location.url(), location.thumb());
        if (location.position() != null) {
            json.writeNumberField("latitude", location.position().latitude());
            json.writeNumberField("longitude", location.position().longitude());
        }
    }

    private static void urlAndThumb(JsonGenerator json, String url, String thumb) throws IOException {
        Fields.string(json, "url", url);
        Fields.string(json, "thumb", thumb);
    }

    private static void duration(JsonGenerator json, PlayTime duration) throws IOException {
        if (duration == null) {
            return;
        }
        json.writeObjectFieldStart("duration");
        json.writeStringField("formatted", duration.formatted());
        if (duration.length() != null) {
            json.writeNumberField("raw", duration.length().toSeconds());
        }
        json.writeEndObject();
    }

    /** Present only as false: an available item says nothing, as in the prior art. */
    private static void unavailable(JsonGenerator json, boolean available) throws IOException {
        if (!available) {
            json.writeBooleanField("available", false);
        }
    }
}
