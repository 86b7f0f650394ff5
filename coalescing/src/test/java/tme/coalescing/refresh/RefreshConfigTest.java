package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefreshConfigTest {

    @Test
    void defaults_keysShareOneHashTag() {
        assertEquals(List.of("tme:v1:{refresh}:due", "tme:v1:{refresh}:asked", "tme:v1:{refresh}:loaded",
                "tme:v1:{refresh}:claims", "tme:v1:{refresh}:failures", "tme:v1:{refresh}:depths"), RefreshConfig.defaults().keys());
        assertEquals(Duration.ofMinutes(5), RefreshConfig.defaults().askedEvery());
        assertEquals(Duration.ofSeconds(30), RefreshConfig.defaults().recent());
    }

    @Test
    void invalidValues_nameTheirVariable() {
        assertEquals("REFRESH_INTERVAL must be positive: PT0S", assertThrows(IllegalArgumentException.class,
                () -> RefreshConfig.of(Duration.ZERO, Duration.ofHours(1))).getMessage());
        assertEquals("REFRESH_IDLE PT30S is shorter than REFRESH_INTERVAL PT1M", assertThrows(
                IllegalArgumentException.class, () -> RefreshConfig.of(Duration.ofMinutes(1), Duration.ofSeconds(30)))
                .getMessage());
        assertEquals("REFRESH_BATCH must be within 1..1000: 0", assertThrows(IllegalArgumentException.class,
                () -> RefreshConfig.defaults().withWorker(0, 1)).getMessage());
    }

    @Test
    void keyPrefix_withoutExactlyOneHashTag_isRejected() {
        RefreshConfig d = RefreshConfig.defaults();
        for (String prefix : List.of("tme:v1:refresh", "tme:{}:x", "{a}{b}")) {
            assertThrows(IllegalArgumentException.class, () -> new RefreshConfig(d.interval(), d.idle(), d.claimFor(),
                    d.backoffUpTo(), d.batch(), d.concurrency(), d.tick(), d.stopGrace(), d.askedEvery(), prefix), prefix);
        }
    }

    @Test
    void backoff_doublesFromTheInterval_upToItsBound() {
        Rescheduling rescheduling = new Rescheduling(RefreshConfig.defaults().withBackoffUpTo(Duration.ofMinutes(5)));

        assertEquals(List.of(Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(4), Duration.ofMinutes(5),
                Duration.ofMinutes(5)), List.of(1, 2, 3, 4, 1000).stream().map(rescheduling::backoff).toList());
    }
}
