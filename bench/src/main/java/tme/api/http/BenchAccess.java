package tme.api.http;

import io.vertx.core.buffer.Buffer;
import java.util.function.Function;
import tme.cache.Stored;

/**
 * Lets the benchmarks ({@code tme.bench}) measure the server's own ETag code, which is package-private in the
 * api. Lives in the bench module, in the api's package, so the api exposes nothing for the benchmarks' sake
 * and no copy of the code can drift from the real one.
 */
public final class BenchAccess {

    private BenchAccess() {}

    /** The server's decompressed copies of hot answers ({@link BodyCopies}, off the heap), bounded to {@code maxBytes}. */
    public static Function<Stored, Buffer> rawCopies(long maxBytes) {
        return BodyCopies.bounded(maxBytes, Stored::raw)::of;
    }

    /** {@link ValueHeaders}: the server's ETag per stored value, computed once and looked up by every later hit. */
    public static Function<Stored, CharSequence> etags() {
        ValueHeaders headers = new ValueHeaders();
        return stored -> headers.of(stored).etag();
    }

    /** {@link HttpCaching#etag}: the weak validator, computed (once per stored value, since {@link ValueHeaders}). */
    public static String etag(Stored stored) {
        return HttpCaching.etag(stored);
    }

    /** {@link GzipCopies#gzip(byte[])}: the server's gzip of an answer, as its copy is made. */
    public static byte[] gzip(byte[] raw) {
        return GzipCopies.gzip(raw);
    }
}
