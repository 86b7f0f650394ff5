package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tme.redis.KeySlot;

/** A lease must live in its value's Redis Cluster hash slot, so one script may touch both keys. */
class LeaseKeysTest {

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

    private static int slot(String key) {
        return KeySlot.of(key);
    }
}
