package tme.scraper.model;

/**
 * One media item of a post, in page order: one record per kind. Absent values are null; URLs are
 * absolute http(s) URLs (protocol-relative ones get {@code https:}); t.me's
 * data-URI placeholders are dropped. A link preview's image and a reply's cover are not media.
 */
public sealed interface Media {

    /** A photo, alone or one item of an album. */
    record Photo(String url) implements Media {}

    /**
     * A video. t.me leaves out the file of a video too big for the web view: then {@code available} is
     * false and {@code url} null, while the thumb and the duration are still shown.
     */
    record Video(String url, String thumb, PlayTime duration, boolean available) implements Media {}

    /** An animation (Telegram sends GIFs as looping silent videos); it shows no duration. */
    record Gif(String url, String thumb, boolean available) implements Media {}

    /** A round video message. */
    record RoundVideo(String url, String thumb, PlayTime duration) implements Media {}

    /** A voice message; {@code waveform} is t.me's comma-separated bar heights ({@code data-waveform}). */
    record Voice(String url, String waveform, PlayTime duration) implements Media {}

    /** A music file: title and performer, or its size when t.me shows that instead of a performer. */
    record Audio(String title, String performer, String size) implements Media {}

    /** Any other file; {@code size} as shown, e.g. "2.1 MB". */
    record Document(String title, String size) implements Media {}

    /** A sticker; {@code thumb} is a still image of it, when the markup carries a real one. */
    record Sticker(Format format, String url, String thumb) implements Media {

        /** tgs: animated Lottie; webp: still image; webm: video sticker. */
        public enum Format {
            TGS("tgs"),
            WEBP("webp"),
            WEBM("webm");

            private final String wireName;

            Format(String wireName) {
                this.wireName = wireName;
            }

            public String wireName() {
                return wireName;
            }
        }
    }

    /** A shared location: the map link, the static map image, and where it points when the URLs say so. */
    record Location(String url, String thumb, LatLon position) implements Media {

        /** Degrees, WGS 84. */
        public record LatLon(double latitude, double longitude) {}
    }

    /**
     * A block t.me cannot show on the web at all ("open Telegram to view"), kept so a client knows the post
     * has media it cannot see; {@code url} is the "view in Telegram" link.
     */
    record Unsupported(String url) implements Media {}
}
