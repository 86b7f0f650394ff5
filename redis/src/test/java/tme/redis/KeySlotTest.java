package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The hash slot rules of the Redis Cluster specification, and the script check built on them. */
class KeySlotTest {

    @Test
    void slot_isCrc16XmodemModulo16384_specVector() {
        assertEquals(0x31C3, KeySlot.of("123456789")); // the spec's CRC16 check value; below 16384 already
        assertEquals(0, KeySlot.of(""));
    }

    @Test
    void tag_isBetweenTheFirstOpenBraceAndTheFirstCloseAfterIt() {
        assertEquals(KeySlot.of("user1000"), KeySlot.of("{user1000}.following"));
        assertEquals(KeySlot.of("user1000"), KeySlot.of("{user1000}.followers"));
        assertEquals(KeySlot.of("bar"), KeySlot.of("foo{bar}{zap}"));
        assertEquals(KeySlot.of("{bar"), KeySlot.of("foo{{bar}}zap"));
    }

    /** Expected slots as {@code CLUSTER KEYSLOT} of Redis 7.0 answers them. */
    @Test
    void emptyOrUnclosedTag_hashesTheWholeKey() {
        assertEquals(8363, KeySlot.of("foo{}{bar}"));
        assertEquals(15278, KeySlot.of("foo{bar"));
        assertEquals(5061, KeySlot.of("bar"));
    }

    @Test
    void ourKeys_asRedisHashesThem() {
        assertEquals(2728, KeySlot.of("tme:v1:full:body:durov:0"));
        assertEquals(11282, KeySlot.of("{tme:gate}:cooldown"));
        assertEquals(11282, KeySlot.of("tme:gate"));
    }

    @Test
    void shared_oneSlotForAll() {
        assertTrue(KeySlot.shared());
        assertTrue(KeySlot.shared("tme:v1:full:body:durov:0"));
        assertTrue(KeySlot.shared("{tme:gate}:cooldown", "{tme:gate}:budget"));
        assertFalse(KeySlot.shared("tme:gate:cooldown", "tme:gate:budget"));
    }

    @Test
    void eval_keysOfTwoSlots_isABug() {
        IllegalArgumentException bug = assertThrows(IllegalArgumentException.class,
                () -> Lua.eval("return 1", "tme:gate:cooldown", "tme:gate:budget"));
        assertEquals("a script's keys must share one hash slot (one hash tag): [tme:gate:cooldown, tme:gate:budget]",
                bug.getMessage());
    }
}
