package tme.api.http;

import io.vertx.core.http.HttpHeaders;
import java.time.Duration;
import java.util.zip.CRC32C;
import tme.cache.Stored;
import tme.coalescing.Source;

/**
 * The HTTP side of the cache: validators and freshness headers for Cloudflare's edge and for clients.
 * Everything here is derived from the stored entry, so every server sends the same headers for it.
 */
final class HttpCaching {

    /** How long the edge may serve a stored answer while t.me is failing. */
    static final Duration STALE_IF_ERROR = Duration.ofDays(1);


    private HttpCaching() {}

    /**
     * A weak validator from the stored bytes, one for every coding (zstd, gzip, identity): weak, because the
     * same JSON goes out in several byte forms, and RFC 9110 lets a weak validator stand for them all.
     * CRC32C is hardware-accelerated; for a 20 KB zstd payload it costs about a microsecond.
     */
    static String etag(Stored stored) {
        CRC32C crc = new CRC32C();
        crc.update(stored.payload());
        return "W/\"" + Long.toHexString(crc.getValue()) + "-" + Integer.toHexString(stored.rawSize()) + "\"";
    }

    /** RFC 9110 weak comparison of {@code If-None-Match} against our validator. */
    static boolean notModified(String ifNoneMatch, CharSequence etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        String ours = opaque(etag.toString());
        for (String candidate : ifNoneMatch.split(",")) {
            String tag = candidate.trim();
            if (tag.equals("*") || opaque(tag).equals(ours)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Answers may be served for their remaining freshness, then stale for one more freshness period while the
     * edge revalidates, and for a day if we fail. A cached "not found" gets its remaining freshness only.
     */
    static String cacheControl(Stored stored, Duration timeLeft, boolean notFound) {
        long maxAge = Math.max(0, timeLeft.toSeconds());
        if (notFound) {
            return "public, max-age=" + maxAge;
        }
        return "public, max-age=" + maxAge
                + ", stale-while-revalidate=" + stored.freshFor().toSeconds()
                + ", stale-if-error=" + STALE_IF_ERROR.toSeconds();
    }

    /**
     * Which level answered: {@code L1}, {@code L2} (also a value another server loaded), {@code upstream}, or
     * {@code STALE} (a value past its freshness).
     */
    static CharSequence level(Source source) {
        return switch (source) {
            case L1 -> L1;
            case L2, OTHER_PROCESS -> L2;
            case LOAD -> UPSTREAM;
            case STALE -> STALE;
        };
    }

    private static final CharSequence L1 = HttpHeaders.createOptimized("L1");
    private static final CharSequence L2 = HttpHeaders.createOptimized("L2");
    private static final CharSequence UPSTREAM = HttpHeaders.createOptimized("upstream");
    private static final CharSequence STALE = HttpHeaders.createOptimized("STALE");

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
