package tme.cache;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The Redis form of a {@link Stored} value: a 20-byte header, then the payload as stored.
 *
 * <pre>
 * offset size
 *   0     1   version (1)
 *   1     1   flags: bit 0 = payload is a zstd frame
 *   2     1   kind (0..255)
 *   3     4   rawSize (big-endian int)
 *   7     8   storedAt, epoch milliseconds (big-endian long)
 *  15     4   freshFor, milliseconds (big-endian int, up to 24 days)
 *  19     1   reserved (0)
 *  20     n   payload
 * </pre>
 *
 * A value with another version is treated as absent by readers, so a new layout can roll out server by server.
 * Public because leases (module {@code coalescing}) read and write the same values in their Lua scripts.
 */
public final class StoredCodec {

    public static final byte VERSION = 1;
    static final int HEADER = 20;
    private static final int ZSTD = 1;

    private StoredCodec() {}

    public static byte[] encode(Stored value) {
        long freshMillis = value.freshFor().toMillis();
        if (freshMillis > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("freshFor too long for the codec: " + value.freshFor());
        }
        byte[] payload = value.payload();
        return ByteBuffer.allocate(HEADER + payload.length)
                .put(VERSION)
                .put((byte) (value.compressed() ? ZSTD : 0))
                .put((byte) value.kind())
                .putInt(value.rawSize())
                .putLong(value.storedAt().toEpochMilli())
                .putInt((int) freshMillis)
                .put((byte) 0)
                .put(payload)
                .array();
    }

    /** The stored time in a value's header ({@code bytes} may be the header alone); empty if it is not one of ours. */
    static Optional<Instant> storedAt(byte[] bytes) {
        if (bytes.length < HEADER || bytes[0] != VERSION) {
            return Optional.empty();
        }
        return Optional.of(Instant.ofEpochMilli(ByteBuffer.wrap(bytes).getLong(7)));
    }

    /** Decodes what {@link #encode} wrote; throws {@link IllegalArgumentException} on anything else. */
    public static Stored decode(byte[] bytes) {
        if (bytes.length < HEADER) {
            throw new IllegalArgumentException("stored value too short: " + bytes.length + " bytes");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte version = in.get();
        if (version != VERSION) {
            throw new IllegalArgumentException("unknown stored value version " + version);
        }
        boolean compressed = (in.get() & ZSTD) != 0;
        int kind = in.get() & 0xFF;
        int rawSize = in.getInt();
        Instant storedAt = Instant.ofEpochMilli(in.getLong());
        Duration freshFor = Duration.ofMillis(in.getInt());
        in.get();
        byte[] payload = new byte[bytes.length - HEADER];
        in.get(payload);
        if (compressed && Compression.declaredSize(payload) != rawSize) {
            throw new IllegalArgumentException("zstd frame does not declare rawSize " + rawSize);
        }
        return new Stored(payload, compressed, rawSize, kind, storedAt, freshFor);
    }
}
