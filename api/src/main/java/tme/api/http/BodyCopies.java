package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Function;
import tme.api.memory.Weights;
import tme.cache.Stored;

/**
 * What a hit writes, made once per stored value and coding and reused by every response: the decompressed JSON
 * for clients without zstd (decompressing 100 KB costs about 100 µs here, some 300 lookups), the zstd frame as
 * it is, the gzip copy. Each copy sits off the heap, so a response writes it as it is: no copy into a heap buffer
 * per response, none into direct memory for the socket.
 *
 * <p>Keys are the stored values themselves, compared by identity ({@code weakKeys}): a newer entry for the same cache
 * key never meets an old copy, and a copy is dropped when its value leaves L1 ({@link #forget}). Each
 * set of copies has its own memory bound ({@code MEMORY_CACHE_RAW_MB}), so L1's bound keeps its meaning.
 *
 * <p>Copies are unreleasable Netty buffers over JDK direct memory: the garbage collector frees one once no cache
 * entry and no write in flight holds it, so no response can free a copy another response is still writing.
 *
 * <p>A copy is an optimisation, never a failure: when one cannot be made ({@link OffHeap}: direct memory short, or
 * refused), the response is written from the stored value's bytes on the heap, and the skip is counted.
 */
final class BodyCopies {

    /** Bytes an entry costs beyond its body: the weak key reference, the node, the buffer objects. */
    static final int ENTRY_OVERHEAD = 160;

    private final Cache<Stored, Buffer> copies;
    private final Function<Stored, byte[]> bytes;
    private final OffHeap offHeap;

    private BodyCopies(Cache<Stored, Buffer> copies, Function<Stored, byte[]> bytes, OffHeap offHeap) {
        this.copies = copies;
        this.bytes = bytes;
        this.offHeap = offHeap;
    }

    /**
     * Copies of {@code bytes} (for example {@link Stored#raw}) bounded to {@code maxBytes}; 0 keeps none (every
     * response makes its bytes again, on the heap).
     */
    static BodyCopies bounded(long maxBytes, Function<Stored, byte[]> bytes) {
        return bounded(maxBytes, bytes, OffHeap.unbounded("identity"));
    }

    /** As above, each copy made by {@code offHeap} (which may decline: the memory plan's ceiling). */
    static BodyCopies bounded(long maxBytes, Function<Stored, byte[]> bytes, OffHeap offHeap) {
        return new BodyCopies(maxBytes <= 0 ? null
                : PerValue.<Buffer>weighed(maxBytes, (stored, body) -> body.length() + ENTRY_OVERHEAD), bytes, offHeap);
    }

    /**
     * The body of {@code stored}: its copy, made now if there is none (two callers at once may both make one; one is
     * kept), or, when no copy can be made, its bytes on the heap for this response alone.
     */
    Buffer of(Stored stored) {
        Buffer ready = ready(stored);
        if (ready != null) {
            return ready;
        }
        byte[] body = bytes.apply(stored);
        Buffer copy = copies == null ? null : offHeap.copy(body);
        if (copy == null) {
            return Buffer.buffer(body);
        }
        Buffer raced = copies.asMap().putIfAbsent(stored, copy);
        return raced != null ? raced : copy;
    }

    /** Drops the copy of {@code stored}, which left L1: its weight bound counts live values only. */
    void forget(Stored stored) {
        if (copies != null) {
            copies.invalidate(stored);
        }
    }

    /** The copies skipped, by reason: for /metrics. */
    Map<String, Long> skipped() {
        return offHeap.counters();
    }

    /** The copy already made for {@code stored}, or null: {@link #of} would have to make it now. */
    Buffer ready(Stored stored) {
        return copies == null ? null : copies.getIfPresent(stored);
    }

    /** Bytes the copies held now weigh (bodies and overhead), after dropping those whose value is gone: for /metrics. */
    long weightedBytes() {
        return Weights.of(copies);
    }

    /** Copies held now, after dropping those whose value is gone (for tests). */
    long size() {
        if (copies == null) {
            return 0;
        }
        copies.cleanUp();
        return copies.estimatedSize();
    }

    /** {@code body} off the heap, read-only, never released by a write (the garbage collector frees it). */
    static Buffer direct(byte[] body) {
        ByteBuffer memory = ByteBuffer.allocateDirect(body.length).put(body).flip();
        return BufferInternal.buffer(Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(memory).asReadOnly()));
    }
}
