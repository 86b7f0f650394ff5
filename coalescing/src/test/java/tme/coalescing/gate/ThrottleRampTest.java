package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.coalescing.LoadContext;

/**
 * The ramp after a cooldown, without Redis, on the test clock: a quarter of the rate for a step, half for the
 * next, then the full rate with the local bucket's burst.
 */
class ThrottleRampTest extends LocalThrottleTestBase {

    // Rate 10, burst 20, ramp 0.25 doubling every 5s; one jitter of 0 for the one cooldown.
    final UpstreamThrottle throttle = throttle(Draws.of(0.0));

    @Test
    void ramp_admitsAQuarterOfTheRate_thenHalf_thenTheFullRateWithItsBurst() {
        Admission sent = Await.result(throttle.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO));
        throttle.report(assertInstanceOf(Admission.Admitted.class, sent), Signal.throttled(Optional.of(Duration.ofSeconds(1))));
        clock.advance(Duration.ofSeconds(1));

        List<Long> perSecond = new ArrayList<>();
        List<Long> permille = new ArrayList<>();
        for (int second = 0; second < 13; second++) {
            permille.add(throttle.counters().get("gate.ramp.rate_permille"));
            perSecond.add(admittedWithin(Duration.ofSeconds(1), Duration.ofMillis(100)));
        }

        // 2.5/s: slots every 400ms (3, 2, 3, 2, 3); the slot after 4.8s is at 5.2s, then every 200ms;
        // at 10s the bucket (full after a slow spell) lets its burst of 20 through, then 10/s.
        assertEquals(List.of(3L, 2L, 3L, 2L, 3L, 4L, 5L, 5L, 5L, 5L, 29L, 10L, 10L), perSecond);
        assertEquals(List.of(250L, 250L, 250L, 250L, 250L, 500L, 500L, 500L, 500L, 500L, 1000L, 1000L, 1000L),
                permille);
    }

    @Test
    void ramp_givesAWaitWithinTheDeadline_andRefusesBudgetBeyondIt() {
        Admission sent = Await.result(throttle.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO));
        throttle.report(assertInstanceOf(Admission.Admitted.class, sent), Signal.throttled(Optional.of(Duration.ofSeconds(1))));
        clock.advance(Duration.ofSeconds(1));

        assertEquals(new Verdict.Go(Duration.ZERO), Await.result(throttle.reserve(Duration.ZERO)));
        assertEquals(new Verdict.Go(Duration.ofMillis(400)), Await.result(throttle.reserve(Duration.ofSeconds(1))));
        assertEquals(new Verdict.No(new Admission.Refused(Refusal.BUDGET, Duration.ofMillis(800))),
                Await.result(throttle.reserve(Duration.ofMillis(500))));
        assertEquals(new Verdict.Go(Duration.ofMillis(800)), Await.result(throttle.reserve(Duration.ofSeconds(1))),
                "the refused request reserved no slot");
        assertEquals(151L, throttle.counters().get("gate.budget.available_per_minute"), "2.5/s x 60 + 1");
    }

    /** Admits every request the throttle lets through at once, at each tick of {@code span}. */
    private long admittedWithin(Duration span, Duration tick) {
        long admitted = 0;
        for (long at = 0; at < span.toMillis(); at += tick.toMillis()) {
            while (Await.result(throttle.admit(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO))
                    instanceof Admission.Admitted) {
                admitted++;
            }
            clock.advance(tick);
        }
        return admitted;
    }
}
