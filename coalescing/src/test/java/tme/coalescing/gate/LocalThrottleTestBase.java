package tme.coalescing.gate;

import io.vertx.core.Vertx;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import tme.cache.testing.Await;
import tme.redis.testing.TestClock;

/** A throttle without Redis on a test clock, with the draws a test chooses; one Vert.x for the class's timers. */
abstract class LocalThrottleTestBase {

    static Vertx vertx;
    final TestClock clock = new TestClock();

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() {
        Await.result(vertx.close());
    }

    /** The default config (rate 10, burst 20, ramp from a quarter, doubling every 5 s) on this test's clock. */
    UpstreamThrottle throttle(Draws draws) {
        return new UpstreamThrottle(ThrottleConfig.defaults(), Optional.empty(), clock, vertx, draws);
    }
}
