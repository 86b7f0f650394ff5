package tme.api.media;

import tme.redis.Counters;

/** The media links' counters, by metric name. */
enum MediaCount implements Counters.Metric {
    /** 302s to a CDN URL (redirect mode). */
    REDIRECTS("media.redirects"),
    /** Streams begun (stream mode): a CDN answer whose bytes went to a reader. */
    STREAMS("media.streams"),
    /** 304s to a reader that holds the bytes already (stream mode): no CDN request. */
    NOT_MODIFIED("media.not_modified"),
    /** Bytes streamed from the CDN to readers. */
    BYTES("media.bytes_streamed"),
    /** Stored pages reloaded because their media URLs were older than {@code MEDIA_URL_TTL}. */
    RELOADS_AGE("media.reloads.age"),
    /** Stored pages reloaded because the CDN refused their media URL (403, 404, 410). */
    RELOADS_REFUSED("media.reloads.refused"),
    /** URLs off {@code MEDIA_HOSTS} (a page's, or a redirect's), refused: nothing fetched, nowhere redirected. */
    HOSTS_REFUSED("media.hosts_refused"),
    /** CDN requests that gave no bytes (failed, timed out, too large, refused again after a reload) or were cut short. */
    UPSTREAM_FAILURES("media.upstream_failures"),
    /** Streams refused because {@code MEDIA_STREAMS} were running. */
    BUSY("media.busy");

    private final String metricName;

    MediaCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
