package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/** The local bucket (rate 5, burst 5) on the test clock: exact waits, and the window bound. */
class ThrottleLocalBucketTest {

    static final Duration LONG = Duration.ofSeconds(60);

    final TestClock clock = new TestClock();
    final LocalBucket bucket = new LocalBucket(5, 5);

    Take take(Duration deadline) {
        return bucket.take(clock.instant(), Duration.ZERO, deadline);
    }

    static Take granted(long millis) {
        return new Take.Granted(Duration.ofMillis(millis));
    }

    @Test
    void bucket_givesTheBurstAtOnce_thenQueuesOneTokenEvery200ms() {
        List<Take> takes = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            takes.add(take(LONG));
        }

        assertEquals(List.of(granted(0), granted(0), granted(0), granted(0), granted(0),
                granted(200), granted(400), granted(600), granted(800), granted(1000)), takes);
        clock.advance(Duration.ofMillis(500));
        assertEquals(granted(700), take(LONG), "the 11th token is due at 1.2s");
    }

    @Test
    void bucket_refillsAtTheRate_upToTheBurst() {
        for (int i = 0; i < 5; i++) {
            take(LONG);
        }
        clock.advance(Duration.ofMillis(600)); // three tokens back

        assertEquals(List.of(granted(0), granted(0), granted(0), granted(200)),
                List.of(take(LONG), take(LONG), take(LONG), take(LONG)));
        clock.advance(Duration.ofMinutes(1)); // full again, never more than the burst
        List<Take> burst = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            burst.add(take(LONG));
        }
        assertEquals(List.of(granted(0), granted(0), granted(0), granted(0), granted(0), granted(200)), burst);
    }

    @Test
    void bucket_tooLate_isAnsweredWithTheWait_andReservesNothing() {
        for (int i = 0; i < 5; i++) {
            take(Duration.ZERO);
        }

        assertEquals(new Take.TooLate(Duration.ofMillis(200)), take(Duration.ofMillis(199)));
        assertEquals(new Take.TooLate(Duration.ofMillis(200)), take(Duration.ZERO));
        assertEquals(granted(200), take(Duration.ofMillis(200)));
    }

    @Test
    void bucket_notBefore_reservesTheTokenForThatMoment() {
        assertEquals(granted(300), bucket.take(clock.instant(), Duration.ofMillis(300), LONG));
    }

    @Test
    void bucket_callsSpreadAtRandom_noWindowOfTSecondsHoldsMoreThan5Plus5T() {
        Random random = new Random(42);
        List<Instant> sends = new ArrayList<>();
        for (int call = 0; call < 2_000; call++) {
            clock.advance(Duration.ofMillis(random.nextInt(3) == 0 ? random.nextInt(1_500) : random.nextInt(20)));
            if (take(Duration.ofMillis(random.nextInt(3_000))) instanceof Take.Granted granted) {
                sends.add(clock.instant().plus(granted.after()));
            }
        }

        sends.sort(null);
        assertTrue(sends.size() > 500, "enough tokens to mean something: " + sends.size());
        assertWindowBound(sends.stream().map(at -> at.toEpochMilli() * 1000).toList(), 5, 5);
    }

    /** In every closed window [t_i, t_j] of sorted send times, at most {@code burst + rate x length} sends. */
    static void assertWindowBound(List<Long> sortedMicros, int rate, int burst) {
        long intervalMicros = 1_000_000 / rate;
        for (int i = 0; i < sortedMicros.size(); i++) {
            for (int j = i + burst; j < sortedMicros.size(); j++) {
                long span = sortedMicros.get(j) - sortedMicros.get(i);
                long count = j - i + 1;
                assertTrue((count - burst) * intervalMicros <= span, count + " sends within " + span + "µs");
            }
        }
    }
}
