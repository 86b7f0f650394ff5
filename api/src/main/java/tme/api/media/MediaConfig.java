package tme.api.media;

import java.time.Duration;
import tme.api.outbound.HostAllowList;

/**
 * The media links' settings.
 *
 * @param mode     redirect (default) or stream ({@code MEDIA_MODE})
 * @param urlTtl   how long a CDN URL is used after the page that carried it was loaded ({@code MEDIA_URL_TTL})
 * @param hosts    the CDN hosts fetched from and redirected to ({@code MEDIA_HOSTS})
 * @param maxBytes the largest file streamed ({@code MEDIA_MAX_BYTES})
 * @param streams  streams at once per process ({@code MEDIA_STREAMS}); more are a fast 503
 * @param timeout  connecting to the CDN, and its longest silence ({@code MEDIA_TIMEOUT})
 */
public record MediaConfig(MediaMode mode, Duration urlTtl, HostAllowList hosts, long maxBytes, int streams,
                          Duration timeout) {

    /** Reports of t.me's links dying after about two days; a quarter of that, so a link is never used near its end. */
    public static final Duration DEFAULT_URL_TTL = Duration.ofHours(12);
    /** 64 MiB: more than t.me's web view plays (it leaves out videos too big for it). */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    public static final int DEFAULT_STREAMS = 256;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
}
