package tme.redis;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The Redis Cluster hash slot of a key: CRC16 (XMODEM) of its hash tag, or of the whole key when it has none,
 * modulo 16384. The tag is what lies between the first '{' and the first '}' after it, if that is not empty
 * ({@code {tme:gate}:budget} hashes {@code tme:gate}; {@code a{}b} hashes whole).
 *
 * <p>A script may touch only keys of one slot on a cluster, so {@link Lua#eval} checks its keys here on every
 * Redis, standalone included: a script whose keys would not run on a cluster fails in every test.
 */
public final class KeySlot {

    public static final int SLOTS = 16_384;

    private KeySlot() {}

    public static int of(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        int open = indexOf(bytes, (byte) '{', 0);
        int close = open < 0 ? -1 : indexOf(bytes, (byte) '}', open + 1);
        boolean tagged = close > open + 1;
        return crc16(tagged ? Arrays.copyOfRange(bytes, open + 1, close) : bytes) % SLOTS;
    }

    /** Whether every key hashes to one slot (no keys, or one key, trivially do). */
    public static boolean shared(String... keys) {
        return Arrays.stream(keys).mapToInt(KeySlot::of).distinct().count() <= 1;
    }

    private static int indexOf(byte[] bytes, byte wanted, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    /** CRC16-XMODEM (polynomial 0x1021, initial 0), bit by bit: keys are short (a few tens of
     * bytes), so once per script call costs well under a microsecond. */
    private static int crc16(byte[] bytes) {
        int crc = 0;
        for (byte b : bytes) {
            crc ^= (b & 0xFF) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xFFFF;
        }
        return crc;
    }
}
