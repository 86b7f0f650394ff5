package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StalenessTest {

    @Test
    void defaults_revalidateForTheEntrysOwnFreshness_andKeepForAnHourAtLeast() {
        Staleness defaults = CacheConfig.defaults().staleness();

        assertEquals(Staleness.defaults(), defaults);
        assertEquals(Duration.ofSeconds(10), defaults.whileRevalidate(Duration.ofSeconds(10)));
        assertEquals(Duration.ofHours(1), defaults.keepFor(Duration.ofSeconds(10)));
        assertEquals(Duration.ofHours(2), defaults.keepFor(Duration.ofHours(2)), "revalidation outlasts maxStale");
    }

    @Test
    void keepFor_isTheLongerWindow() {
        Staleness staleness = Staleness.of(Optional.of(Duration.ofSeconds(30)), Duration.ofSeconds(5));

        assertEquals(Duration.ofSeconds(30), staleness.whileRevalidate(Duration.ofMinutes(10)));
        assertEquals(Duration.ofSeconds(30), staleness.keepFor(Duration.ofMinutes(10)));
        assertEquals(Duration.ZERO, Staleness.none().keepFor(Duration.ofMinutes(10)));
    }

    @Test
    void negativeWindows_areRejectedWithTheVariableName() {
        assertEquals("STALE_WHILE_REVALIDATE must not be negative: PT-1S", assertThrows(IllegalArgumentException.class,
                () -> Staleness.of(Optional.of(Duration.ofSeconds(-1)), Duration.ZERO)).getMessage());
        assertEquals("MAX_STALE must not be negative: PT-1S", assertThrows(IllegalArgumentException.class,
                () -> Staleness.of(Optional.empty(), Duration.ofSeconds(-1))).getMessage());
    }
}
