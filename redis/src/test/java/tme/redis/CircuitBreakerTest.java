package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

class CircuitBreakerTest {

    final TestClock clock = new TestClock();
    final AtomicInteger openings = new AtomicInteger();
    final CircuitBreaker breaker = new CircuitBreaker(clock, 3, Duration.ofSeconds(10), Duration.ofSeconds(30),
            openings::incrementAndGet);

    void fail(int times) {
        for (int i = 0; i < times; i++) {
            assertTrue(breaker.tryAcquire());
            breaker.onFailure();
        }
    }

    @Test
    void opensAfterExactlyThreeConsecutiveErrors() {
        fail(2);
        assertFalse(breaker.isOpen());
        assertEquals(0, openings.get());

        fail(1);

        assertTrue(breaker.isOpen());
        assertEquals(1, openings.get());
        assertFalse(breaker.tryAcquire());
    }

    @Test
    void aCommandThatReachesRedisResetsTheCount() {
        fail(2);
        breaker.tryAcquire();
        breaker.onSuccess();
        fail(2);

        assertFalse(breaker.isOpen());
        assertEquals(0, openings.get());
    }

    @Test
    void errorsSpreadOverMoreThanTheWindowDoNotOpen() {
        fail(1);
        clock.advance(Duration.ofSeconds(6));
        fail(1);
        clock.advance(Duration.ofSeconds(5)); // the first error is now 11s old
        fail(1);

        assertFalse(breaker.isOpen());

        clock.advance(Duration.ofSeconds(4)); // the last three errors span 9s
        fail(1);
        assertTrue(breaker.isOpen());
    }

    @Test
    void staysOpenForThirtySecondsThenLetsOneProbeThrough() {
        fail(3);

        clock.advance(Duration.ofMillis(29_999));
        assertFalse(breaker.tryAcquire());

        clock.advance(Duration.ofMillis(1));
        assertTrue(breaker.tryAcquire(), "the probe");
        assertFalse(breaker.tryAcquire(), "others wait for the probe's answer");

        breaker.onSuccess();
        assertFalse(breaker.isOpen());
        assertTrue(breaker.tryAcquire());
    }

    @Test
    void aFailedProbeOpensForAnotherThirtySeconds() {
        fail(3);
        clock.advance(Duration.ofSeconds(30));
        fail(1);

        assertEquals(2, openings.get());
        clock.advance(Duration.ofMillis(29_999));
        assertFalse(breaker.tryAcquire());
        clock.advance(Duration.ofMillis(1));
        assertTrue(breaker.tryAcquire());
    }

    @Test
    void aProbeThatNeverReachedRedisLetsTheNextCallProbe() {
        fail(3);
        clock.advance(Duration.ofSeconds(30));
        assertTrue(breaker.tryAcquire());

        breaker.onNeutral();

        assertTrue(breaker.tryAcquire());
        assertEquals(1, openings.get());
    }

    @Test
    void stateAndTransitions_followOpenProbeAndClose() {
        assertEquals(BreakerState.CLOSED, breaker.state());
        fail(3);
        assertEquals(BreakerState.OPEN, breaker.state());
        clock.advance(Duration.ofSeconds(30));
        assertEquals(BreakerState.OPEN, breaker.state(), "open until the next call probes");

        assertTrue(breaker.tryAcquire());
        assertEquals(BreakerState.HALF_OPEN, breaker.state());
        breaker.onFailure(); // the probe failed: open again
        clock.advance(Duration.ofSeconds(30));
        assertTrue(breaker.tryAcquire());
        breaker.onSuccess();

        assertEquals(BreakerState.CLOSED, breaker.state());
        assertEquals(2, openings.get());
        assertEquals(new CircuitBreaker.Transitions(2, 1), breaker.transitions());
    }
}
