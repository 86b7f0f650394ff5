package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import io.vertx.core.http.HttpHeaders;
import tme.api.service.Answer;
import tme.cache.Stored;

/**
 * The header values a stored value answers with on every hit, made once per value and encoded once: its ETag
 * (hashing 17 KB costs 0.36 µs, a lookup 0.015 µs: {@code HitPathBenchmark}) and its Cache-Control (it depends on
 * the value alone, as {@code Age} says how old the answer is). Keyed by the value's identity, like
 * {@link BodyCopies}, so they live no longer than the L1 entry holding the value; bounded in count, as they are a
 * few dozen bytes.
 */
final class ValueHeaders {

    /** Far more than the entries L1 holds (256 MB of ~20 KB answers is ~13,000); a few MB at the most. */
    static final int MAX_VALUES = 100_000;

    /** A weak validator and the freshness directives, ready to write. */
    record Values(CharSequence etag, CharSequence cacheControl) {}

    private final Cache<Stored, Values> values = PerValue.counted(MAX_VALUES);

    Values of(Stored stored) {
        return values.get(stored, ValueHeaders::make);
    }

    /** Drops the headers of {@code stored}, which left L1. */
    void forget(Stored stored) {
        values.invalidate(stored);
    }

    private static Values make(Stored stored) {
        return new Values(HttpHeaders.createOptimized(HttpCaching.etag(stored)),
                HttpHeaders.createOptimized(HttpCaching.cacheControl(stored, stored.kind() == Answer.KIND_NOT_FOUND)));
    }
}
