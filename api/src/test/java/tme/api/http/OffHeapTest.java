package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import tme.api.memory.DirectRoom;
import tme.cache.Stored;

/** A copy is an optimisation, never a failure: when it cannot be made, the answer comes from the stored value. */
class OffHeapTest {

    private static final byte[] BIG_JSON = ("{\"posts\":[" + "{\"id\":1,\"text\":\"hello hello hello\"},".repeat(500)
            + "{}]}").getBytes(StandardCharsets.UTF_8);
    private static final Stored STORED = Stored.of(BIG_JSON, 0, Instant.parse("2026-11-30T00:00:00Z"),
            Duration.ofSeconds(10));

    @Test
    void directMemoryAtTheCeiling_answersFromTheStoredValue_andCountsTheSkip() {
        AtomicLong inUse = new AtomicLong(BIG_JSON.length * 2L);
        OffHeap offHeap = new OffHeap("identity", DirectRoom.of(BIG_JSON.length * 2L, inUse::get));
        BodyCopies copies = BodyCopies.bounded(1024 * 1024, Stored::raw, offHeap);

        Buffer answer = copies.of(STORED);

        assertArrayEquals(BIG_JSON, answer.getBytes(), "the decompressed stored value");
        assertFalse(((BufferInternal) answer).getByteBuf().isDirect(), "on the heap, for this response alone");
        assertEquals(0, copies.size());
        assertEquals(Map.of("http.copies.identity.skipped.direct_short", 1L,
                "http.copies.identity.skipped.out_of_memory", 0L), copies.skipped());

        inUse.set(0); // the collector freed what dropped copies held
        Buffer copied = copies.of(STORED);

        assertTrue(((BufferInternal) copied).getByteBuf().isDirect(), "room again: the copy is made");
        assertEquals(1, copies.size());
    }

    @Test
    void outOfMemoryFromTheAllocation_answersFromTheStoredValue_andCountsIt() {
        OffHeap offHeap = new OffHeap("zstd", DirectRoom.unbounded(), body -> {
            throw new OutOfMemoryError("Cannot reserve " + body.length + " bytes of direct buffer memory");
        });
        BodyCopies copies = BodyCopies.bounded(1024 * 1024, Stored::payload, offHeap);

        Buffer answer = copies.of(STORED);

        assertArrayEquals(STORED.payload(), answer.getBytes(), "the stored zstd frame as it is");
        assertEquals(0, copies.size());
        assertEquals(Map.of("http.copies.zstd.skipped.direct_short", 0L,
                "http.copies.zstd.skipped.out_of_memory", 1L), copies.skipped());
    }
}
