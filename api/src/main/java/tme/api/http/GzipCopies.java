package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.GZIPOutputStream;
import tme.api.memory.Weights;
import tme.cache.Stored;

/**
 * gzip copies of stored answers, for clients that accept gzip but not zstd (Cloudflare's origin pulls, most HTTP
 * clients). A copy is made once per stored value, and the first gzip request already gets it: a small value is
 * compressed inline (below {@link #INLINE_MAX} that costs less than the round trip to the worker pool), a larger
 * one on the worker pool (gzip of 100 KB is about a millisecond: not for the event loop) with every request that
 * asks meanwhile waiting for that one copy, at most {@link #WAIT_MAX}; past that, or if the copy fails, those get
 * the identity bytes. Kept like {@link BodyCopies}: by the stored value's identity, so a copy lives no longer than
 * its L1 entry, under its own memory bound.
 */
final class GzipCopies {

    /**
     * Raw bytes gzip compresses inline: about 40 µs at 8 KB on this machine, less than a hop to a worker and back
     * (some 60 µs, loaded); {@code GzipInlineBenchmark} measures both.
     */
    static final int INLINE_MAX = 8 * 1024;
    /** How long a request waits for its value's copy before it answers identity (a busy worker pool). */
    static final Duration WAIT_MAX = Duration.ofMillis(250);

    private final Cache<Stored, Buffer> copies;
    private final WorkerExecutor workers;
    private final OffHeap offHeap;
    // The copy of each value being made now on the workers: one compression per value, every asker waits on it.
    private final Map<Stored, Future<Buffer>> making = new ConcurrentHashMap<>();
    // How each gzip read found its copy: kept, made inline, joined one being made, or started one (it waited).
    private final LongAdder foundKept = new LongAdder();
    private final LongAdder madeInline = new LongAdder();
    private final LongAdder joined = new LongAdder();
    private final LongAdder started = new LongAdder();

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

    /**
     * The gzip copy: at once if it is ready or small, else once it is made (at most {@link #WAIT_MAX}); null, and
     * the future completes with null, where the client is to get identity (no copies kept, too slow, failed).
     */
    Future<Buffer> gzip(Stored stored) {
        if (copies == null) {
            return Future.succeededFuture();
        }
        Buffer ready = copies.getIfPresent(stored);
        if (ready != null) {
            foundKept.increment();
            return Future.succeededFuture(ready);
        }
        // No room now for a copy of about a quarter of the JSON: not even the gzip is made (counted).
        if (!offHeap.fits(stored.rawSize() / 4)) {
            return Future.succeededFuture();
        }
        if (stored.rawSize() <= INLINE_MAX) {
            madeInline.increment();
            Buffer made = offHeap.copy(gzip(stored.raw()));
            if (made != null) {
                copies.put(stored, made);
            }
            return Future.succeededFuture(made);
        }
        Promise<Buffer> mine = Promise.promise();
        Future<Buffer> pending = making.putIfAbsent(stored, mine.future());
        if (pending == null) {
            started.increment();
            pending = mine.future();
            make(stored, mine, workers);
        } else {
            joined.increment();
        }
        return pending.timeout(WAIT_MAX.toMillis(), TimeUnit.MILLISECONDS)
                .otherwise((Buffer) null);
    }

    /**
     * Starts the copy of {@code stored} on {@code background} unless it is kept or being made: work no reader waits
     * for yet, so it runs on the threads that give way to the loops (a gzip client arriving meanwhile waits for it, as
     * for any copy being made).
     */
    void ahead(Stored stored, WorkerExecutor background) {
        if (copies == null || copies.getIfPresent(stored) != null || !offHeap.fits(stored.rawSize() / 4)) {
            return;
        }
        Promise<Buffer> mine = Promise.promise();
        if (making.putIfAbsent(stored, mine.future()) == null) {
            make(stored, mine, background);
        }
    }

    /**
     * Whether a gzip copy of {@code stored} is kept or being made: a gzip client read it, or its predecessor's. A copy
     * still being made counts: a page refreshed again before the pool that makes copies ahead got to it (those
     * threads give way to everything else) would otherwise break the chain, and its next reader wait for a copy.
     */
    boolean holds(Stored stored) {
        return copies != null && (copies.getIfPresent(stored) != null || making.containsKey(stored));
    }

    /**
     * Makes the one copy of a value on {@code pool}; kept, and no longer making, once it is done, unless the value
     * left L1 meanwhile ({@link #forget}): then only the readers waiting for it get it.
     */
    private void make(Stored stored, Promise<Buffer> copy, WorkerExecutor pool) {
        pool.executeBlocking(() -> offHeap.copy(gzip(stored.raw())), false).onComplete(made -> {
            // A forget between this check and the put keeps a dead copy until the collector clears its weak key:
            // a rare race that costs memory for a while, never a wrong answer.
            if (made.succeeded() && made.result() != null && making.get(stored) == copy.future()) {
                copies.put(stored, made.result());
            }
            making.remove(stored, copy.future());
            copy.handle(made);
        });
    }

    /** Drops the copy of {@code stored}, which left L1: its weight bound counts live values only. */
    void forget(Stored stored) {
        if (copies != null) {
            making.remove(stored);
            copies.invalidate(stored);
        }
    }

    /**
     * The copies skipped, by reason, and how gzip reads found their copy ({@code http.copies.gzip.reads.<how>}): a
     * read that joined or started a copy waited for a compression, which copies made ahead are there to spare.
     */
    Map<String, Long> counters() {
        Map<String, Long> counters = new HashMap<>(offHeap.counters());
        counters.put("http.copies.gzip.reads.kept", foundKept.sum());
        counters.put("http.copies.gzip.reads.made_inline", madeInline.sum());
        counters.put("http.copies.gzip.reads.joined", joined.sum());
        counters.put("http.copies.gzip.reads.started", started.sum());
        return counters;
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
