package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.coalescing.LoadContext;

/** {@code run}: admit, call, report, in one: a 429 read from the answer cools down the next call. */
class ThrottleRunTest extends LocalThrottleTestBase {

    final UpstreamThrottle throttle = throttle(Draws.of(0.0));
    final AtomicInteger calls = new AtomicInteger();

    Passage<Integer> run(int status) {
        return Await.result(throttle.run(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO,
                () -> {
                    calls.incrementAndGet();
                    return Future.succeededFuture(status);
                },
                answer -> answer == 429 ? Signal.throttled(Optional.of(Duration.ofSeconds(2))) : Signal.ok()));
    }

    @Test
    void run_callsThrough_thenA429RefusesTheNextCallWithoutRunningIt() {
        assertEquals(new Passage.Through<>(200), run(200));
        assertEquals(new Passage.Through<>(429), run(429));

        assertEquals(new Passage.Refused<Integer>(Refusal.COOLDOWN, Duration.ofSeconds(2)), run(200));
        assertEquals(2, calls.get());
        assertEquals(1L, throttle.counters().get("gate.signals.throttled"));
    }

    @Test
    void run_aFailedCall_failsTheFuture_andPausesNothing() {
        Future<Passage<Integer>> failed = throttle.run(LoadContext.user("k", Asker.of("durov", "durov")), Duration.ZERO,
                () -> Future.failedFuture(new IllegalStateException("reset")), answer -> Signal.ok());

        assertEquals("reset", failed.cause().getMessage());
        assertEquals(Optional.empty(), throttle.cooldownLeft());
    }
}
