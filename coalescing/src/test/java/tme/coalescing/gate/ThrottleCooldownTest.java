package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.coalescing.LoadContext;

/** The cooldown in one process without Redis, on the test clock: hints, backoff, strikes, jitter. */
class ThrottleCooldownTest extends LocalThrottleTestBase {


    static Admission admit(UpstreamThrottle throttle) {
        return Await.result(throttle.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO));
    }

    static Admission.Admitted admitted(UpstreamThrottle throttle) {
        return assertInstanceOf(Admission.Admitted.class, admit(throttle));
    }

    static Admission cooling(long millis) {
        return new Admission.Refused(Refusal.COOLDOWN, Duration.ofMillis(millis));
    }

    @Test
    void pause_withHint_refusesForTheHint_thenForTheJitter_thenAdmits() {
        UpstreamThrottle throttle = throttle(Draws.of(0.5)); // jitter: 0.5 x min(1s, 3s / 4) = 375ms
        Admission.Admitted sent = admitted(throttle);

        throttle.report(sent, Signal.throttled(Optional.of(Duration.ofSeconds(3))));

        assertEquals(cooling(3_000), admit(throttle));
        clock.advance(Duration.ofMillis(1_500));
        assertEquals(cooling(1_500), admit(throttle));
        clock.advance(Duration.ofMillis(1_500));
        assertEquals(cooling(375), admit(throttle), "the cooldown is over; this process's jitter is not");
        clock.advance(Duration.ofMillis(375));
        assertEquals(new Admission.Admitted(clock.instant()), admit(throttle));
        assertEquals(3L, throttle.counters().get("gate.refused.cooldown"));
        assertEquals(1L, throttle.counters().get("gate.cooldowns.started"));
        assertEquals(1L, throttle.counters().get("gate.signals.throttled"));
        assertEquals(2L, throttle.counters().get("gate.admitted"));
    }

    @Test
    void pause_withoutHint_firstStrikeLastsBetweenOneAndTwoSeconds() {
        assertEquals(Optional.of(Duration.ofMillis(1_000)), firstCooldown(0.0));
        assertEquals(Optional.of(Duration.ofMillis(1_300)), firstCooldown(0.3));
        assertEquals(Optional.of(Duration.ofMillis(1_999)), firstCooldown(0.9999));
    }

    Optional<Duration> firstCooldown(double draw) {
        UpstreamThrottle throttle = throttle(Draws.of(draw, 0.0)); // backoff, then a jitter of 0
        throttle.report(admitted(throttle), Signal.intercepted(Optional.empty()));
        assertEquals(1L, throttle.counters().get("gate.signals.intercepted"));
        return throttle.cooldownLeft();
    }

    @Test
    void pause_answersToRequestsSentBeforeTheCooldown_areOneEvent() {
        UpstreamThrottle throttle = throttle(Draws.of(0.5, 0.0)); // one backoff (1.5s), one jitter: no more
        var inFlight = IntStream.range(0, 20).mapToObj(i -> admitted(throttle)).toList();

        inFlight.forEach(sent -> throttle.report(sent, Signal.throttled(Optional.empty())));

        assertEquals(Optional.of(Duration.ofMillis(1_500)), throttle.cooldownLeft());
        assertEquals(1L, throttle.counters().get("gate.strikes"));
        assertEquals(1L, throttle.counters().get("gate.cooldowns.started"));
        assertEquals(20L, throttle.counters().get("gate.signals.throttled"));
    }

    @Test
    void pause_fromBeforeTheCooldown_withALongerHint_lengthensIt_withoutAStrike() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0)); // the jitter, drawn once
        Admission.Admitted first = admitted(throttle);
        Admission.Admitted second = admitted(throttle);

        throttle.report(first, Signal.throttled(Optional.of(Duration.ofSeconds(2))));
        throttle.report(second, Signal.throttled(Optional.of(Duration.ofSeconds(7))));

        assertEquals(Optional.of(Duration.ofSeconds(7)), throttle.cooldownLeft());
        assertEquals(1L, throttle.counters().get("gate.strikes"));
    }

    @Test
    void pause_duringTheRamp_isASecondStrike_lengthensTheCooldown_andRestartsTheRamp() {
        // First: hint 3s, jitter 0. Second: backoff 1s + 0.9 x (4s - 1s) = 3.7s beats the hint of 3s; jitter 0.
        UpstreamThrottle throttle = throttle(Draws.of(0.0, 0.9, 0.0));
        throttle.report(admitted(throttle), Signal.throttled(Optional.of(Duration.ofSeconds(3))));
        clock.advance(Duration.ofSeconds(3 + 5));
        assertEquals(500L, throttle.counters().get("gate.ramp.rate_permille"));

        throttle.report(admitted(throttle), Signal.throttled(Optional.of(Duration.ofSeconds(3))));

        assertEquals(cooling(3_700), admit(throttle));
        assertEquals(2L, throttle.counters().get("gate.strikes"));
        assertEquals(2L, throttle.counters().get("gate.cooldowns.started"));
        clock.advance(Duration.ofMillis(3_700));
        assertEquals(250L, throttle.counters().get("gate.ramp.rate_permille"));
    }

    @Test
    void strikes_resetOnceTheRampReachedFullRate_andOneMoreRampLengthPassed() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0, 0.0)); // two jitters of 0; both pauses hinted
        throttle.report(admitted(throttle), Signal.throttled(Optional.of(Duration.ofSeconds(3))));
        clock.advance(Duration.ofSeconds(3 + 10));
        assertEquals(1000L, throttle.counters().get("gate.ramp.rate_permille"));
        assertEquals(1L, throttle.counters().get("gate.strikes"));

        clock.advance(Duration.ofSeconds(10));
        assertEquals(0L, throttle.counters().get("gate.strikes"));
        throttle.report(admitted(throttle), Signal.throttled(Optional.of(Duration.ofSeconds(3))));

        assertEquals(Optional.of(Duration.ofSeconds(3)), throttle.cooldownLeft(), "a first strike again: the hint");
        assertEquals(1L, throttle.counters().get("gate.strikes"));
    }

    @Test
    void pause_hintsAreObeyedFromTheFloorUpToAnHour() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0));
        throttle.report(admitted(throttle), Signal.throttled(Optional.of(Duration.ZERO)));
        assertEquals(Optional.of(Duration.ofSeconds(1)), throttle.cooldownLeft());

        UpstreamThrottle another = throttle(Draws.of(0.0));
        another.report(admitted(another), Signal.intercepted(Optional.of(Duration.ofHours(6))));
        assertEquals(Optional.of(Duration.ofHours(1)), another.cooldownLeft());

        UpstreamThrottle third = throttle(Draws.of(0.0));
        third.report(admitted(third), Signal.throttled(Optional.of(Duration.ofMinutes(20))));
        assertEquals(Optional.of(Duration.ofMinutes(20)), third.cooldownLeft(), "t.me's schedule, past the backoff's 5 min");
    }

    @Test
    void okAndFailedAnswers_neitherPauseNorCount() {
        UpstreamThrottle throttle = throttle(Draws.of());
        throttle.report(admitted(throttle), Signal.ok());
        throttle.report(admitted(throttle), Signal.failed());

        assertEquals(Optional.empty(), throttle.cooldownLeft());
        assertEquals(0L, throttle.counters().get("gate.cooldown.active"));
        assertEquals(0L, throttle.counters().get("gate.signals.throttled"));
    }

    @Test
    void counters_whileCooling_showTheCooldownAndNoBudget() {
        UpstreamThrottle throttle = throttle(Draws.of(0.0));
        throttle.report(admitted(throttle), Signal.throttled(Optional.of(Duration.ofSeconds(4))));
        clock.advance(Duration.ofSeconds(1));

        var counters = throttle.counters();
        assertEquals(1L, counters.get("gate.cooldown.active"));
        assertEquals(3_000L, counters.get("gate.cooldown.remaining_ms"));
        assertEquals(0L, counters.get("gate.ramp.rate_permille"));
        assertEquals(0L, counters.get("gate.budget.available_per_minute"));
        assertEquals(1L, counters.get("gate.budget.taken_last_minute"));
        assertEquals(1L, counters.get("gate.budget.tokens_taken"));
    }
}
