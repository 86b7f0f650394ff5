package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The throttle's config names the environment variable of a bad value. */
class ThrottleConfigTest {

    static String rejection(Runnable build) {
        return assertThrows(IllegalArgumentException.class, build::run).getMessage();
    }

    @Test
    void config_rejectsBadValues_namingTheirVariables() {
        ThrottleConfig defaults = ThrottleConfig.defaults();
        assertEquals("TELEGRAM_RATE must be positive: 0.0", rejection(() -> defaults.withFleet(0, 20)));
        assertEquals("TELEGRAM_BURST must be at least 1: 0", rejection(() -> defaults.withFleet(10, 0)));
        assertEquals("TELEGRAM_LOCAL_RATE must be positive: NaN", rejection(() -> defaults.withLocal(Double.NaN, 5)));
        assertEquals("TELEGRAM_LOCAL_BURST must be at least 1: -1", rejection(() -> defaults.withLocal(2, -1)));
        assertEquals("TELEGRAM_GATE_PREFIX must be non-empty, without braces: {x}",
                rejection(() -> defaults.withKeyPrefix("{x}")));
        assertEquals("TELEGRAM_RAMP_STEP must be positive: PT0S", rejection(() -> new ThrottleConfig(10, 20, 10, 20,
                Duration.ofSeconds(1), Duration.ofMinutes(5), 0.25, Duration.ZERO, "tme:gate")));
        assertEquals("TELEGRAM_RAMP_FROM must be in (0, 1]: 1.5", rejection(() -> new ThrottleConfig(10, 20, 10, 20,
                Duration.ofSeconds(1), Duration.ofMinutes(5), 1.5, Duration.ofSeconds(5), "tme:gate")));
    }

    @Test
    void defaults_rampFromAQuarterInTwoStepsOfFiveSeconds_keysShareOneHashTag() {
        ThrottleConfig defaults = ThrottleConfig.defaults();
        assertEquals(2, defaults.rampSteps());
        assertEquals(Duration.ofSeconds(10), defaults.rampLength());
        assertEquals("{tme:gate}:cooldown", defaults.cooldownKey());
        assertEquals("{tme:gate}:budget", defaults.budgetKey());
    }
}
