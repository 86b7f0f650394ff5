package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;
import tme.api.memory.Weights;
import tme.cache.Stored;

/**
 * gzip copies of stored answers, for clients that accept gzip but not zstd (Cloudflare's origin pulls, most HTTP
 * clients). A copy is made once per stored value, on the worker pool (gzip of 100 KB is about a millisecond: not
 * for the event loop); until it is ready, such clients get the identity bytes. Kept like {@link BodyCopies}: by
 * the stored value's identity, so a copy lives no longer than its L1 entry, under its own memory bound.
 */
final class GzipCopies {

    private final Cache<Stored, Buffer> copies;
    private final WorkerExecutor workers;
    private final OffHeap offHeap;
    // Values whose copy is being made now: one compression per value, however many clients ask meanwhile.
    private final Set<Stored> making = ConcurrentHashMap.newKeySet();

    private GzipCopies(Cache<Stored, Buffer> copies, WorkerExecutor workers, OffHeap offHeap) {
        this.copies = copies;
        this.workers = workers;
        this.offHeap = offHeap;
    }

    /**
     * Copies bounded to {@code maxBytes}, made on {@code workers} by {@code offHeap}; 0 keeps none (gzip clients get
     * identity). A copy {@code offHeap} declines (direct memory short) is not made: gzip clients get identity.
     */
    static GzipCopies bounded(long maxBytes, WorkerExecutor workers, OffHeap offHeap) {
        return new GzipCopies(maxBytes <= 0 ? null
                : PerValue.<Buffer>weighed(maxBytes, (stored, gzip) -> gzip.length() + BodyCopies.ENTRY_OVERHEAD), workers,
                offHeap);
    }

    /** The gzip copy if it is ready; if not, starts making it (once) and answers empty: send identity this time. */
    Optional<Buffer> gzip(Stored stored) {
        if (copies == null) {
            return Optional.empty();
        }
        Buffer ready = copies.getIfPresent(stored);
        // No room now for a copy of about a quarter of the JSON: not even the gzip is made (counted).
        if (ready == null && offHeap.fits(stored.rawSize() / 4) && making.add(stored)) {
            workers.executeBlocking(() -> offHeap.copy(gzip(stored.raw())), false).onComplete(made -> {
                if (made.succeeded() && made.result() != null) {
                    copies.put(stored, made.result());
                }
                making.remove(stored);
            });
        }
        return Optional.ofNullable(ready);
    }

    /** The copies skipped, by reason: for /metrics. */
    Map<String, Long> skipped() {
        return offHeap.counters();
    }

    /** Bytes the copies held now weigh, after dropping those whose value is gone: for /metrics. */
    long weightedBytes() {
        return Weights.of(copies);
    }

    static byte[] gzip(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 4 + 64);
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
