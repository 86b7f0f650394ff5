package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CoalescingConfigTest {

    @Test
    void defaults_rememberErrorsFor2s_andLet4096CallersWait() {
        CoalescingConfig defaults = CoalescingConfig.defaults();

        assertEquals(Duration.ofSeconds(2), defaults.errorTtl());
        assertEquals(defaults.leaseTimes().failureSharedFor(), defaults.errorTtl(), "as long as a lease keeps an error");
        assertEquals(4096, defaults.maxWaiting());
    }

    @Test
    void invalidValues_areRejectedWithTheVariableName() {
        CoalescingConfig defaults = CoalescingConfig.defaults();

        assertEquals("UPSTREAM_ERROR_TTL must be positive: PT0S", assertThrows(IllegalArgumentException.class,
                () -> defaults.withErrorTtl(Duration.ZERO)).getMessage());
        assertEquals("MAX_WAITING_REQUESTS must be positive: 0", assertThrows(IllegalArgumentException.class,
                () -> defaults.withMaxWaiting(0)).getMessage());
    }
}
