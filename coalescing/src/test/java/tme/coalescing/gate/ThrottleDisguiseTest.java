package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A refusal in disguise (a captcha, an emptied page, read after the answer came) cools down as a 429 without a
 * wait, with its own backoff: 2s, doubling while no real content is read, at most a minute; real content starts it
 * over. One process without Redis, on the test clock, jitter drawn 0.
 */
class ThrottleDisguiseTest extends LocalThrottleTestBase {

    @Test
    void captchas_oneAfterEachCooldown_doubleFromTwoSecondsUpToAMinute() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)); // the jitter only, each 0
        for (long seconds : new long[] {2, 4, 8, 16, 32, 60, 60}) {
            throttle.report(ThrottleCooldownTest.admitted(throttle), Signal.captcha());
            assertEquals(Optional.of(Duration.ofSeconds(seconds)), throttle.cooldownLeft());
            clock.advance(Duration.ofSeconds(seconds));
        }
        assertEquals(7L, throttle.counters().get("gate.signals.captcha"));
        assertEquals(7L, throttle.counters().get("gate.cooldowns.started"));
    }

    @Test
    void realContent_startsTheBackoffOver() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0, 0.0, 0.0));
        throttle.report(ThrottleCooldownTest.admitted(throttle), Signal.emptied());
        clock.advance(Duration.ofSeconds(2));
        throttle.report(ThrottleCooldownTest.admitted(throttle), Signal.emptied());
        assertEquals(Optional.of(Duration.ofSeconds(4)), throttle.cooldownLeft());
        clock.advance(Duration.ofSeconds(4));

        Admission.Admitted sent = ThrottleCooldownTest.admitted(throttle); // the ramp's one token now: two answers
        throttle.report(sent, Signal.confirmed());
        throttle.report(sent, Signal.captcha());

        assertEquals(Optional.of(Duration.ofSeconds(2)), throttle.cooldownLeft());
        assertEquals(2L, throttle.counters().get("gate.signals.empty"));
    }

    @Test
    void captchaForARequestSentBeforeTheCooldown_isTheSameEvent() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0));
        Admission.Admitted first = ThrottleCooldownTest.admitted(throttle);
        Admission.Admitted second = ThrottleCooldownTest.admitted(throttle);
        throttle.report(first, Signal.captcha());
        clock.advance(Duration.ofSeconds(1));

        throttle.report(second, Signal.captcha());

        assertEquals(Optional.of(Duration.ofSeconds(1)), throttle.cooldownLeft(), "neither a strike nor longer");
        assertEquals(1L, throttle.counters().get("gate.cooldowns.started"));
        assertEquals(2L, throttle.counters().get("gate.signals.captcha"));
    }

    @Test
    void goodAnswers_beforeTheyAreRead_pauseNothing() {
        UpstreamThrottle throttle = throttle(Draws.of());
        throttle.report(ThrottleCooldownTest.admitted(throttle), Signal.ok());
        throttle.report(ThrottleCooldownTest.admitted(throttle), Signal.confirmed());
        assertEquals(Optional.empty(), throttle.cooldownLeft());
    }
}
