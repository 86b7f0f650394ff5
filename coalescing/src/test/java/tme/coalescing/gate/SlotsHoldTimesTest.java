package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SlotsHoldTimesTest {

    final HoldTimes holds = new HoldTimes();

    @Test
    void mean_isZeroBeforeAnyHold_thenTheFirstHold_thenMovesAnEighthTowardsEachNewOne() {
        assertEquals(Duration.ZERO, holds.mean());
        holds.record(Duration.ofSeconds(3));
        assertEquals(Duration.ofSeconds(3), holds.mean());

        holds.record(Duration.ofSeconds(11));

        assertEquals(Duration.ofSeconds(4), holds.mean());
    }

    @Test
    void retryAfter_isWaitersOverSlotsTimesTheMean_roundedUpToSeconds_atLeastOne() {
        assertEquals(Duration.ofSeconds(1), holds.retryAfter(100, 4));
        holds.record(Duration.ofMillis(400));

        assertEquals(Duration.ofSeconds(1), holds.retryAfter(1, 4));
        assertEquals(Duration.ofSeconds(4), holds.retryAfter(32, 4)); // 3.2s
        assertEquals(Duration.ofMillis(3200), holds.waitFor(32, 4));
    }
}
