package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tme.cache.Stored;

class RawCopiesTest {

    private static final Instant STORED_AT = Instant.parse("2026-11-30T00:00:00Z");
    private static final byte[] BIG_JSON = ("{\"posts\":[" + "{\"id\":1,\"text\":\"hello hello hello\"},".repeat(500)
            + "{}]}").getBytes(StandardCharsets.UTF_8);

    @Test
    void compressedValue_isDecompressedOnceAndTheCopyReused() {
        RawCopies copies = RawCopies.bounded(1024 * 1024);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        assertTrue(stored.compressed());

        byte[] first = copies.raw(stored);
        byte[] second = copies.raw(stored);

        assertArrayEquals(BIG_JSON, first);
        assertSame(first, second);
        assertEquals(1, copies.size());
    }

    @Test
    void newerValueForTheSameAnswer_getsItsOwnCopy() {
        RawCopies copies = RawCopies.bounded(1024 * 1024);
        Stored older = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        Stored newer = Stored.of(BIG_JSON, 0, STORED_AT.plusSeconds(10), Duration.ofSeconds(10));

        assertNotSame(copies.raw(older), copies.raw(newer));
        assertEquals(2, copies.size());
    }

    @Test
    void rawKeptValue_isServedAsItIsWithoutACopy() {
        RawCopies copies = RawCopies.bounded(1024 * 1024);
        byte[] tiny = "{}".getBytes(StandardCharsets.UTF_8);
        Stored stored = Stored.of(tiny, 0, STORED_AT, Duration.ofSeconds(10));

        assertSame(stored.payload(), copies.raw(stored));
        assertEquals(0, copies.size());
    }

    @Test
    void zeroBudget_decompressesEveryResponse() {
        RawCopies none = RawCopies.bounded(0);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));

        assertNotSame(none.raw(stored), none.raw(stored));
        assertEquals(0, none.size());
    }
}
