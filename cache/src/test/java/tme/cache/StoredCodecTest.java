package tme.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StoredCodecTest {

    @Test
    void encode_decode_roundTripsCompressedValue() {
        byte[] json = CompressionTest.pageJson();
        Stored stored = Stored.of(json, 1, Instant.parse("2025-03-01T12:00:00.123456Z"), Duration.ofSeconds(60));

        byte[] encoded = StoredCodec.encode(stored);
        Stored decoded = StoredCodec.decode(encoded);

        assertEquals(StoredCodec.HEADER + stored.payload().length, encoded.length);
        assertEquals(1, encoded[0]);
        assertEquals(stored, decoded);
        assertEquals(Instant.parse("2025-03-01T12:00:00.123Z"), decoded.storedAt());
        assertEquals(Duration.ofSeconds(60), decoded.freshFor());
        assertEquals(1, decoded.kind());
        assertArrayEquals(json, decoded.raw());
    }

    @Test
    void encode_decode_roundTripsRawValueWithLargestKind() {
        byte[] body = "{\"error\":\"not found\"}".getBytes(StandardCharsets.UTF_8);
        Stored stored = Stored.of(body, 255, Instant.parse("2025-03-01T12:00:00Z"), Duration.ofMillis(1500));

        Stored decoded = StoredCodec.decode(StoredCodec.encode(stored));

        assertEquals(false, decoded.compressed());
        assertEquals(255, decoded.kind());
        assertEquals(Duration.ofMillis(1500), decoded.freshFor());
        assertArrayEquals(body, decoded.raw());
    }

    @Test
    void decode_rejectsOtherVersionsAndShortInput() {
        byte[] encoded = StoredCodec.encode(Stored.of(new byte[] {1, 2, 3}, 0, Instant.EPOCH, Duration.ofSeconds(1)));
        encoded[0] = 2;

        assertThrows(IllegalArgumentException.class, () -> StoredCodec.decode(encoded));
        assertThrows(IllegalArgumentException.class, () -> StoredCodec.decode(new byte[] {1, 0, 0}));
    }

    @Test
    void decode_rejectsFrameThatDoesNotMatchRawSize() {
        Stored stored = Stored.of(CompressionTest.pageJson(), 0, Instant.EPOCH, Duration.ofSeconds(1));
        byte[] encoded = StoredCodec.encode(stored);
        encoded[6]++; // lowest byte of rawSize

        assertThrows(IllegalArgumentException.class, () -> StoredCodec.decode(encoded));
    }

    @Test
    void stored_rejectsKindOutsideOneByte() {
        assertThrows(IllegalArgumentException.class,
                () -> Stored.of(new byte[1], 256, Instant.EPOCH, Duration.ofSeconds(1)));
    }
}
