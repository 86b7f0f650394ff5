package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

class CircuitBreakerTest {

    final TestClock clock = new TestClock();
    final AtomicInteger openings = new AtomicInteger();
    final List<String> heard = new CopyOnWriteArrayList<>();
    final CircuitBreaker.Listener listener = new CircuitBreaker.Listener() {
        @Override
        public void opened(Duration openSince) {
            openings.incrementAndGet();
            heard.add("opened after " + openSince.toSeconds() + " s");
        }

        @Override
        public void closed(Duration wasOpen) {
            heard.add("closed after " + wasOpen.toSeconds() + " s");
        }
    };
    final CircuitBreaker breaker = new CircuitBreaker(clock, 3, Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ZERO, listener);

    /** A breaker made now with a start-up grace of ten seconds. */
    CircuitBreaker graced() {
        return new CircuitBreaker(clock, 3, Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(10),
                listener);
    }

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
    void timeoutsOfCommandsInFlightTogether_countOnce_soAStallDoesNotOpen() {
        Instant sent = clock.instant();
        long[] tickets = LongStream.range(0, 6).map(i -> breaker.ticket()).toArray();
        clock.advance(Duration.ofMillis(1_500)); // the process stalled: the commands sent before it all time out

        for (int i = 0; i < 5; i++) {
            breaker.onTimeout(sent, tickets[i]);
        }

        assertFalse(breaker.isOpen(), "one stall, one counted timeout");
        assertEquals(0, openings.get());
        breaker.onSuccess(); // the first command sent after the stall answers
        breaker.onTimeout(sent, tickets[5]); // a straggler from before the stall
        breaker.onTimeout(clock.instant(), breaker.ticket());
        assertFalse(breaker.isOpen(), "one counted since the success");
    }

    @Test
    void timeoutsOfCommandsSentAfterEachOther_open_asADeadRedisDoes() {
        for (int i = 0; i < 2; i++) {
            long first = breaker.ticket();
            long beside = breaker.ticket(); // in flight with it
            breaker.onTimeout(clock.instant(), first); // sent after the previous timeout was counted
            breaker.onTimeout(clock.instant(), beside); // not counted
        }
        assertFalse(breaker.isOpen());

        breaker.onTimeout(clock.instant(), breaker.ticket());

        assertTrue(breaker.isOpen());
        assertEquals(1, openings.get());
    }

    @Test
    void aProbeThatTimesOut_opensAgain() {
        fail(3);
        clock.advance(Duration.ofSeconds(30));
        long olderThanTheLastCount = 0;
        assertTrue(breaker.tryAcquire());

        breaker.onTimeout(clock.instant(), olderThanTheLastCount);

        assertEquals(BreakerState.OPEN, breaker.state());
        assertEquals(2, openings.get());
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

    @Test
    void openingAndClosing_areBothHeard_theClosingWithHowLongItWasOpen() {
        fail(3);
        clock.advance(Duration.ofSeconds(30));
        fail(1); // the probe failed
        clock.advance(Duration.ofSeconds(30));
        assertTrue(breaker.tryAcquire());
        breaker.onSuccess();
        breaker.onSuccess(); // closed already: nothing more to hear

        assertEquals(List.of("opened after 0 s", "opened after 30 s", "closed after 60 s"), heard);
    }

    @Test
    void aSlowFirstConnectionWithinTheGrace_doesNotOpen() {
        CircuitBreaker starting = graced();
        Instant sent = clock.instant();
        assertEquals(Duration.ofSeconds(10), starting.graceLeft(), "the first commands may wait out the grace");
        for (int i = 0; i < 5; i++) {
            assertTrue(starting.tryAcquire());
        }

        clock.advance(Duration.ofSeconds(4)); // connecting and warming up on a loaded machine
        for (int i = 0; i < 5; i++) {
            starting.onFailure(sent); // each timed out, or the connect failed
        }

        assertFalse(starting.isOpen());
        assertEquals(0, openings.get());
        assertEquals(Duration.ofSeconds(6), starting.graceLeft());
        assertTrue(starting.tryAcquire());
        starting.onSuccess(); // Redis's first answer ends the grace
        assertEquals(Duration.ZERO, starting.graceLeft());
        starting.onFailure(sent); // sent before the first answer: still in the grace
        assertFalse(starting.isOpen());
        assertEquals(List.of(), heard, "closed all along");
    }

    @Test
    void afterTheFirstAnswer_failuresCountAsUsual_evenWithinTheGrace() {
        CircuitBreaker starting = graced();
        assertTrue(starting.tryAcquire());
        starting.onSuccess();
        clock.advance(Duration.ofSeconds(1));

        for (int i = 0; i < 3; i++) {
            assertTrue(starting.tryAcquire());
            starting.onFailure(clock.instant());
        }

        assertTrue(starting.isOpen());
        assertEquals(1, openings.get());
    }

    @Test
    void aRedisThatNeverAnswers_opensOnceTheGraceIsOver() {
        CircuitBreaker starting = graced();
        for (int i = 0; i < 3; i++) {
            starting.onFailure(clock.instant());
        }
        assertFalse(starting.isOpen(), "refused three times at start: not counted yet");

        clock.advance(Duration.ofSeconds(10));
        assertEquals(Duration.ZERO, starting.graceLeft());
        for (int i = 0; i < 3; i++) {
            assertTrue(starting.tryAcquire());
            starting.onFailure(clock.instant());
        }

        assertTrue(starting.isOpen());
        assertEquals(1, openings.get());
    }
}
