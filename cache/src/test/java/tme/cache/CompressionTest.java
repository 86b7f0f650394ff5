package tme.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CompressionTest {

    static final Instant AT = Instant.parse("2025-03-01T12:00:00Z");

    /** About 100 KB of JSON shaped like a page of posts. */
    static byte[] pageJson() {
        StringBuilder json = new StringBuilder("{\"channel\":\"durov\",\"posts\":[");
        for (int id = 1; json.length() < 100_000; id++) {
            json.append(id > 1 ? "," : "")
                    .append("{\"id\":").append(id)
                    .append(",\"date\":\"2025-02-").append(10 + id % 18).append("T10:00:00Z\"")
                    .append(",\"text\":\"Post number ").append(id).append(" about things, views ").append(id * 37)
                    .append("\",\"views\":").append(id * 37).append('}');
        }
        return json.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void of_compressesJsonAndRoundTrips() {
        byte[] json = pageJson();

        Stored stored = Stored.of(json, 0, AT, Duration.ofSeconds(10));

        assertTrue(stored.compressed());
        assertEquals(json.length, stored.rawSize());
        assertTrue(stored.payload().length < json.length / 4,
                "zstd level 1 should shrink page JSON at least 4x, got " + stored.payload().length);
        assertArrayEquals(json, stored.raw());
        assertArrayEquals(json, Zstd.decompress(stored.payload(), json.length)); // the frame, as stored
    }

    @Test
    void of_keepsRawWhenCompressionIsNotSmaller() {
        byte[] noise = new byte[1000];
        new Random(42).nextBytes(noise);

        Stored stored = Stored.of(noise, 3, AT, Duration.ofSeconds(10));

        assertFalse(stored.compressed());
        assertSame(noise, stored.payload());
        assertSame(noise, stored.raw());
        assertEquals(1000, stored.rawSize());
    }

    @Test
    void of_keepsTinyAndEmptyValuesRaw() {
        assertFalse(Stored.of("{}".getBytes(StandardCharsets.UTF_8), 0, AT, Duration.ofSeconds(1)).compressed());
        assertFalse(Stored.of(new byte[0], 0, AT, Duration.ofSeconds(1)).compressed());
        assertEquals(0, Stored.of(new byte[0], 0, AT, Duration.ofSeconds(1)).raw().length);
    }
}
