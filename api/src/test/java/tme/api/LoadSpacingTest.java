package tme.api;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadSpacingTest {

    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void onTime_lateThenOnTime_andSlow_areAllowed() {
        assertNull(LoadSpacing.violation(List.of(), SECOND));
        assertNull(LoadSpacing.violation(ms(0, 1000, 2000, 3000), SECOND));
        // Late by 0.9 s (a busy machine): due again half an interval after it ended, the fixed rate from there.
        assertNull(LoadSpacing.violation(ms(0, 1900, 2430, 3440, 4420), SECOND));
        assertNull(LoadSpacing.violation(ms(0, 5000, 12000), SECOND));
    }

    @Test
    void twoLoadsAtOnce_orAnIntervalTooMany_areViolations() {
        assertNotNull(LoadSpacing.violation(ms(0, 1000, 1010, 2000), SECOND), "two workers loaded one name");
        assertNotNull(LoadSpacing.violation(ms(0, 400), SECOND), "within half an interval");
        // Each gap over half an interval, but three loads in 1.4 intervals: a schedule that gained a round.
        assertNotNull(LoadSpacing.violation(ms(0, 700, 1400), SECOND), "a round gained");
    }

    private static List<Long> ms(long... millis) {
        return java.util.Arrays.stream(millis).map(at -> Duration.ofMillis(at).toNanos()).boxed().toList();
    }
}
