package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreshnessTest {

    static final Instant STORED = Instant.parse("2025-03-01T12:00:00Z");
    static final Duration TEN_SECONDS = Duration.ofSeconds(10);
    static final Duration ONE_HOUR = Duration.ofHours(1);

    @Test
    void refreshAt_isTheSameForEveryReader_andStableAcrossJvms() {
        Instant one = Freshness.of(TEN_SECONDS, 0.10).refreshAt("tme:v1:full:body:durov:0", STORED);
        Instant other = new Freshness(Duration.ofMillis(10_000), 0.10).refreshAt("tme:v1:full:body:durov:0", STORED);

        assertEquals(one, other);
        // Pinned: another JVM (or a later build) must compute the very same point for this key.
        assertEquals(Instant.parse("2025-03-01T12:00:09.324762791Z"), one);
    }

    @Test
    void refreshAt_liesInTheFirstHalfOfTheLastTenthOfFreshness() {
        Freshness freshness = Freshness.of(TEN_SECONDS, 0.10);
        for (int channel = 0; channel < 1000; channel++) {
            Instant at = freshness.refreshAt("tme:v1:full:body:channel" + channel + ":0", STORED);
            assertTrue(!at.isBefore(STORED.plusSeconds(9)), at.toString());
            assertTrue(at.isBefore(STORED.plusMillis(9_500)), at.toString());
        }
    }

    @Test
    void refreshAt_keysStoredTogether_spreadOverTheWindow() {
        Freshness freshness = Freshness.of(TEN_SECONDS, 0.10);
        int[] perFiftyMillis = new int[10]; // the half window 9.0s..9.5s in ten slices
        for (int channel = 0; channel < 1000; channel++) {
            Instant at = freshness.refreshAt("tme:v1:full:body:channel" + channel + ":0", STORED);
            long intoWindow = Duration.between(STORED.plusSeconds(9), at).toMillis();
            perFiftyMillis[(int) (intoWindow / 50)]++;
        }
        for (int slice : perFiftyMillis) {
            assertTrue(slice >= 60 && slice <= 140, "each 50ms slice holds about 100 of 1000 keys: "
                    + java.util.Arrays.toString(perFiftyMillis));
        }
    }

    @Test
    void lifetime_shortTtl_isKept() {
        assertEquals(TEN_SECONDS, Freshness.of(TEN_SECONDS, 0.10).lifetime("tme:v1:full:body:durov:0"));
    }

    @Test
    void lifetime_longTtl_isShortenedByAHashedPartOfTheLastHalfWindow_spreadingExpiries() {
        Freshness freshness = Freshness.of(ONE_HOUR, 0.10);
        Set<Long> distinctSeconds = new HashSet<>();
        for (int channel = 0; channel < 1000; channel++) {
            String key = "tme:v1:full:preview:channel" + channel;
            Duration lifetime = freshness.lifetime(key);
            assertTrue(lifetime.compareTo(Duration.ofMinutes(57)) > 0 && lifetime.compareTo(ONE_HOUR) <= 0,
                    lifetime.toString());
            Instant refreshAt = Freshness.of(lifetime, 0.10).refreshAt(key, STORED);
            assertTrue(refreshAt.isBefore(STORED.plus(lifetime)), "refresh before expiry for " + key);
            distinctSeconds.add(lifetime.toSeconds());
        }
        assertTrue(distinctSeconds.size() > 150, "expiries spread over the 180s half window: "
                + distinctSeconds.size() + " distinct seconds");
    }

    @Test
    void zeroWindow_refreshesAtExpiry() {
        assertEquals(STORED.plus(TEN_SECONDS), Freshness.of(TEN_SECONDS, 0).refreshAt("k", STORED));
    }

    @Test
    void window_outOfRange_isRejectedWithTheSettingsName() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Freshness.of(TEN_SECONDS, 0.6));
        assertEquals("EARLY_REFRESH_WINDOW must be within 0..0.5: 0.6", error.getMessage());
    }
}
