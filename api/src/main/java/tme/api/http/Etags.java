package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import io.vertx.core.http.HttpHeaders;
import tme.cache.Stored;

/**
 * Each stored value's ETag, computed once: a hit looks it up (tens of nanoseconds) instead of hashing its payload
 * again (about a microsecond for 20 KB). Keyed by the value's identity, like {@link BodyCopies}, so a tag lives no
 * longer than the L1 entry holding its value; bounded in count, as a tag is a few dozen bytes.
 */
final class Etags {

    /** Far more than the entries L1 holds (256 MB of ~20 KB answers is ~13,000); a few MB at the most. */
    static final int MAX_TAGS = 100_000;

    private final Cache<Stored, CharSequence> tags = PerValue.counted(MAX_TAGS);

    /** The value's ETag, as a header value encoded once. */
    CharSequence of(Stored stored) {
        return tags.get(stored, value -> HttpHeaders.createOptimized(HttpCaching.etag(value)));
    }
}
