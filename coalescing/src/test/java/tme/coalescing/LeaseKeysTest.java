package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A lease must live in its value's Redis Cluster hash slot, so one script may touch both keys. */
class LeaseKeysTest {

    @Test
    void slot_matchesRedisClusterSpecVector() {
        assertEquals(0x31C3 % 16384, slot("123456789"));
    }

    @Test
    void untaggedKey_isWrappedInATag_sameSlot() {
        String value = "tme:v1:full:body:durov:0";

        assertEquals("{tme:v1:full:body:durov:0}:lease", LeaseKeys.of(value));
        assertEquals(slot(value), slot(LeaseKeys.of(value)));
    }

    @Test
    void taggedKey_keepsItsTag_sameSlot() {
        String value = "tme:v1:full:body:{durov}:0";

        assertEquals("tme:v1:full:body:{durov}:0:lease", LeaseKeys.of(value));
        assertEquals(slot(value), slot(LeaseKeys.of(value)));
    }

    @Test
    void emptyTag_isNoTag_butStillOneKeyOfItsOwn() {
        assertEquals("a{}b:lease", LeaseKeys.of("a{}b"));
    }

    /** The Redis Cluster key slot: CRC16-XMODEM of the hash tag (or the whole key) modulo 16384. */
    static int slot(String key) {
        int open = key.indexOf('{');
        if (open >= 0) {
            int close = key.indexOf('}', open + 1);
            if (close > open + 1) {
                key = key.substring(open + 1, close);
            }
        }
        int crc = 0;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            crc ^= (b & 0xFF) << 8;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xFFFF;
        }
        return crc % 16384;
    }
}
