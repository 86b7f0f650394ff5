package tme.cache;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What a process publishes when it writes a value to Redis or drops one, so the others replace or drop their L1
 * copies at once instead of finding out at their cap: who wrote it (a process skips its own), the key, and the
 * value in its Redis form ({@link StoredCodec}); no value at all for a key dropped.
 *
 * <pre>
 * offset size
 *   0     8   writer: a random number per process
 *   8     2   key length n, UTF-8 bytes (big-endian)
 *  10     n   key
 *  10+n   m   the value as {@link StoredCodec#encode} writes it (m = 0: the key was dropped)
 * </pre>
 *
 * @param value the value written, or null for a key dropped
 */
record ChangeMessage(long writer, String key, Stored value) {

    private static final int HEAD = 10;

    byte[] encode() {
        byte[] name = key.getBytes(StandardCharsets.UTF_8);
        byte[] stored = value == null ? new byte[0] : StoredCodec.encode(value);
        return ByteBuffer.allocate(HEAD + name.length + stored.length)
                .putLong(writer).putShort((short) name.length).put(name).put(stored).array();
    }

    /** The message in {@code bytes}, or empty for anything else (another version's layout, foreign data). */
    static Optional<ChangeMessage> decode(byte[] bytes) {
        if (bytes.length < HEAD) {
            return Optional.empty();
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        long writer = in.getLong();
        int keyLength = Short.toUnsignedInt(in.getShort());
        if (bytes.length < HEAD + keyLength) {
            return Optional.empty();
        }
        String key = new String(bytes, HEAD, keyLength, StandardCharsets.UTF_8);
        byte[] stored = new byte[bytes.length - HEAD - keyLength];
        in.position(HEAD + keyLength).get(stored);
        if (stored.length == 0) {
            return Optional.of(new ChangeMessage(writer, key, null));
        }
        try {
            return Optional.of(new ChangeMessage(writer, key, StoredCodec.decode(stored)));
        } catch (IllegalArgumentException unreadable) {
            return Optional.empty();
        }
    }
}
