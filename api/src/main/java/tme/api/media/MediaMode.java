package tme.api.media;

/** What {@code /v1/media/...} answers ({@code MEDIA_MODE}). */
public enum MediaMode {
    /** 302 to the CDN's current URL: readers fetch from Telegram's CDN themselves. */
    REDIRECT,
    /** The bytes, fetched from the CDN and streamed through: the edge caches them, readers never see t.me's hosts. */
    STREAM
}
