package tme.api.render;

import tme.scraper.model.Media;

/**
 * The durable media links ({@code /v1/media/...}), as paths: what {@code stable_url}, {@code stable_thumb} and
 * {@code stable_avatar} say in every stored answer, so the bytes never name the host a request came to (a reader
 * feed puts {@code PUBLIC_URL} in front). And which of a media item's URLs are files on Telegram's CDN that such a
 * link follows: a photo's, a video's, a GIF's, a round video's, a voice message's and a sticker's file, and the
 * thumbnail of those that have one. A location's map link and image, an unsupported item's "view in Telegram"
 * link, and audio and documents (no URL on the web view) get none.
 */
public final class MediaPaths {

    public static final String PREFIX = "/v1/media/";

    private MediaPaths() {}

    /** {@code /v1/media/<channel>/<post>/<index>}: the {@code index}-th item of the post's {@code content.media}. */
    public static String item(String channel, int post, int index) {
        return PREFIX + channel + "/" + post + "/" + index;
    }

    /** {@code /v1/media/<channel>/<post>/<index>/thumb}: that item's thumbnail. */
    public static String thumb(String channel, int post, int index) {
        return item(channel, post, index) + "/thumb";
    }

    /** {@code /v1/media/<channel>/avatar}: the channel's picture, as its latest page shows it. */
    public static String avatar(String channel) {
        return PREFIX + channel + "/avatar";
    }

    /** The item's file on the CDN that {@link #item} follows, or null when it has none. */
    public static String file(Media media) {
        return switch (media) {
            case Media.Photo p -> p.url();
            case Media.Video v -> v.url();
            case Media.Gif g -> g.url();
            case Media.RoundVideo r -> r.url();
            case Media.Voice v -> v.url();
            case Media.Sticker s -> s.url();
            case Media.Audio a -> null;
            case Media.Document d -> null;
            case Media.Location l -> null;
            case Media.Unsupported u -> null;
        };
    }

    /** The item's thumbnail on the CDN that {@link #thumb} follows, or null when it has none. */
    public static String thumbFile(Media media) {
        return switch (media) {
            case Media.Video v -> v.thumb();
            case Media.Gif g -> g.thumb();
            case Media.RoundVideo r -> r.thumb();
            case Media.Sticker s -> s.thumb();
            default -> null;
        };
    }
}
