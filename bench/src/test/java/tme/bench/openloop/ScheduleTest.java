package tme.bench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScheduleTest {

    @Test
    void intendedStart_isStartPlusIndexOverRate() {
        Schedule schedule = Schedule.of(1_000, 1000, Duration.ZERO, Duration.ofSeconds(1));
        assertEquals(1_000, schedule.intendedStart(0));
        assertEquals(1_001_000, schedule.intendedStart(1));
        assertEquals(500_001_000, schedule.intendedStart(500));
        assertEquals(1000, schedule.count());
    }

    @Test
    void intendedStart_atARateThatDoesNotDivideASecond_isRoundedNotAccumulated() {
        Schedule schedule = Schedule.of(0, 3, Duration.ZERO, Duration.ofDays(1));
        assertEquals(333_333_333, schedule.intendedStart(1));
        assertEquals(666_666_667, schedule.intendedStart(2));
        // a million requests on, still exactly a third of a second apart: no drift from adding rounded steps
        assertEquals(1_000_000_000_000_000L / 3, schedule.intendedStart(1_000_000));
        assertEquals(1_000_000_000_000L, schedule.intendedStart(3_000));
    }

    @Test
    void warmup_isSentFirstAndNotMeasured() {
        Schedule schedule = Schedule.of(0, 100, Duration.ofSeconds(2), Duration.ofSeconds(10));
        assertEquals(200, schedule.warmupCount());
        assertEquals(1_200, schedule.count());
        assertFalse(schedule.measured(199));
        assertTrue(schedule.measured(200));
        assertEquals(2_000_000_000L, schedule.measuredStart());
        assertEquals(Duration.ofSeconds(10), schedule.measuredSpan());
    }

    @Test
    void of_rejectsANonPositiveRateAndANegativeDuration() {
        assertThrows(IllegalArgumentException.class, () -> Schedule.of(0, 0, Duration.ZERO, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class,
                () -> Schedule.of(0, Double.NaN, Duration.ZERO, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class,
                () -> Schedule.of(0, 10, Duration.ofSeconds(-1), Duration.ofSeconds(1)));
    }
}
