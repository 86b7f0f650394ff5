package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The durable media links ({@code tme.api.media}): redirects, streams and their bytes, reloads, refused hosts. */
final class MediaMeters {

    private MediaMeters() {}

    static List<MeterRow> rows() {
        String reloads = "Stored pages reloaded for a media link, by reason: the CDN URL older than MEDIA_URL_TTL,"
                + " or refused by the CDN";
        return List.of(
                counter("media.redirects", "Media links answered with a 302 to the CDN's current URL"),
                counter("media.streams", "Media links whose CDN bytes were streamed to a reader"),
                counter("media.not_modified", "Media streams answered 304 from the reader's ETag, without the CDN"),
                counter("media.bytes_streamed", "Bytes streamed from Telegram's CDN to readers"),
                counter("tme.media.reloads", reloads, Tags.of("reason", "age"), "media.reloads.age"),
                counter("tme.media.reloads", reloads, Tags.of("reason", "refused"), "media.reloads.refused"),
                counter("media.hosts_refused", "Media URLs off MEDIA_HOSTS (a page's or a redirect's): nothing fetched,"
                        + " nowhere redirected"),
                counter("media.upstream_failures", "CDN requests that gave no bytes (failed, timed out, too large,"
                        + " refused again after a reload) or were cut short (past MEDIA_MAX_BYTES, or broken off)"),
                counter("media.busy", "Media streams refused because MEDIA_STREAMS were running"));
    }
}
