package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import tme.cache.Stored;

class BodyCopiesTest {

    private static final Duration POLL_PAUSE = Duration.ofMillis(2);
    private static final Instant STORED_AT = Instant.parse("2026-11-30T00:00:00Z");
    private static final byte[] BIG_JSON = ("{\"posts\":[" + "{\"id\":1,\"text\":\"hello hello hello\"},".repeat(500)
            + "{}]}").getBytes(StandardCharsets.UTF_8);

    @Test
    void compressedValue_isDecompressedOnce_intoOneOffHeapCopyEveryResponseWrites() {
        BodyCopies copies = BodyCopies.bounded(1024 * 1024, Stored::raw);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        assertTrue(stored.compressed());

        Buffer first = copies.of(stored);
        Buffer second = copies.of(stored);

        assertArrayEquals(BIG_JSON, first.getBytes());
        assertSame(first, second);
        assertEquals(1, copies.size());
        ByteBuf written = ((BufferInternal) first).getByteBuf();
        assertTrue(written.isDirect(), "off the heap: the socket takes it as it is");
        assertTrue(written.isReadOnly());
    }

    @Test
    void writesNeverReleaseTheCopy() {
        Buffer copy = BodyCopies.direct(BIG_JSON);
        ByteBuf written = ((BufferInternal) copy).getByteBuf();

        written.release(); // what Netty does once a write is done
        written.release();

        assertArrayEquals(BIG_JSON, copy.getBytes(), "still readable: the garbage collector frees it, not a write");
        assertThrows(java.nio.ReadOnlyBufferException.class, () -> written.setByte(0, 'x'));
    }

    @Test
    void newerValueForTheSameAnswer_getsItsOwnCopy() {
        BodyCopies copies = BodyCopies.bounded(1024 * 1024, Stored::raw);
        Stored older = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        Stored newer = Stored.of(BIG_JSON, 0, STORED_AT.plusSeconds(10), Duration.ofSeconds(10));

        assertNotSame(copies.of(older), copies.of(newer));
        assertEquals(2, copies.size());
    }

    @Test
    void copy_leavesMemoryWithItsValue() {
        BodyCopies copies = BodyCopies.bounded(1024 * 1024, Stored::raw);
        copies.of(Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10))); // nothing else holds the value
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (copies.size() > 0) {
            assertTrue(System.nanoTime() - deadline < 0, "the copy outlived its value");
            System.gc();
            LockSupport.parkNanos(POLL_PAUSE.toNanos()); // the cleaner drops the copy on a thread of its own
        }
    }

    @Test
    void zstdFrame_isCopiedOffTheHeapAsItIs() {
        BodyCopies copies = BodyCopies.bounded(1024 * 1024, Stored::payload);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));

        assertArrayEquals(stored.payload(), copies.of(stored).getBytes());
    }

    @Test
    void zeroBudget_makesTheBytesForEveryResponse() {
        BodyCopies none = BodyCopies.bounded(0, Stored::raw);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));

        assertNotSame(none.of(stored), none.of(stored));
        assertArrayEquals(BIG_JSON, none.of(stored).getBytes());
        assertEquals(0, none.size());
    }
}
