package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SlotsConfigTest {

    static List<Integer> shares(SlotsConfig config) {
        return List.of(config.maxWaiting(), config.perFlow(), config.forBackground());
    }

    @Test
    void defaults_are32Slots16WaitersEach() {
        SlotsConfig defaults = SlotsConfig.defaults();

        assertEquals(new SlotsConfig(32, 16), defaults);
        assertEquals(List.of(512, 24, 16), shares(defaults));
    }

    @Test
    void shares_roundDown_butAreAtLeastOneSlot() {
        assertEquals(List.of(8, 3, 2), shares(new SlotsConfig(4, 2)));
        assertEquals(List.of(4, 1, 1), shares(new SlotsConfig(2, 2)));
        assertEquals(List.of(0, 1, 1), shares(new SlotsConfig(1, 0)));
        assertEquals(List.of(21, 5, 3), shares(new SlotsConfig(7, 3)));
    }

    @Test
    void badValues_areNamedByTheirVariable() {
        assertEquals("TELEGRAM_MAX_CONCURRENCY must be positive: 0",
                assertThrows(IllegalArgumentException.class, () -> new SlotsConfig(0, 16)).getMessage());
        assertEquals("UPSTREAM_QUEUE_LIMIT must not be negative: -1",
                assertThrows(IllegalArgumentException.class, () -> new SlotsConfig(32, -1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SlotsConfig(1 << 16, 1 << 16));
    }
}
