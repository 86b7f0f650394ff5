package tme.api.feed;

import java.util.Locale;
import java.util.Optional;
import tme.scraper.model.Media;

/**
 * A media file a reader can fetch, as RSS's {@code <enclosure>}, Atom's {@code rel="enclosure"} link and JSON Feed's
 * attachment: Telegram's CDN URL, its MIME type (from the URL's extension, else from the kind: t.me sends GIFs as
 * MP4 and voice as Ogg Opus), and its length in bytes, 0 when unknown (t.me shows sizes only for files, which have
 * no URL on the web view).
 */
record Enclosure(String url, String type, long length) {

    /** {@code media} as readers fetch it from {@code href} (its CDN URL or its durable link; null: not at all). */
    static Optional<Enclosure> of(Media media, String href) {
        return switch (media) {
            case Media.Photo p -> make(p.url(), href, "image/jpeg");
            case Media.Video v -> v.available() ? make(v.url(), href, "video/mp4") : Optional.empty();
            case Media.Gif g -> g.available() ? make(g.url(), href, "video/mp4") : Optional.empty();
            case Media.RoundVideo r -> make(r.url(), href, "video/mp4");
            case Media.Voice v -> make(v.url(), href, "audio/ogg");
            case Media.Sticker s -> make(s.url(), href, s.format() == null ? "image/webp" : switch (s.format()) {
                case WEBP -> "image/webp";
                case WEBM -> "video/webm";
                case TGS -> "application/x-tgsticker";
            });
            case Media.Audio a -> Optional.empty();
            case Media.Document d -> Optional.empty();
            case Media.Location l -> Optional.empty();
            case Media.Unsupported u -> Optional.empty();
        };
    }

    /** The type comes from the CDN URL's extension ({@code url}), which a durable link does not repeat. */
    private static Optional<Enclosure> make(String url, String href, String byKind) {
        String safe = PostHtml.safeUrl(href);
        return safe == null || url == null ? Optional.empty() : Optional.of(new Enclosure(safe, typeOf(url, byKind), 0));
    }

    /** The type the URL's extension names, when it names one we know; else the kind's. */
    private static String typeOf(String url, String byKind) {
        String path = url.toLowerCase(Locale.ROOT);
        int query = path.indexOf('?');
        path = query < 0 ? path : path.substring(0, query);
        if (path.endsWith(".png")) {
            return "image/png";
        }
        if (path.endsWith(".webp")) {
            return "image/webp";
        }
        if (path.endsWith(".jpg") || path.endsWith(".jpeg")) {
            return "image/jpeg";
        }
        if (path.endsWith(".mp4")) {
            return "video/mp4";
        }
        if (path.endsWith(".ogg") || path.endsWith(".oga")) {
            return "audio/ogg";
        }
        return byKind;
    }
}
