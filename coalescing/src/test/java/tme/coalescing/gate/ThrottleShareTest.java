package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.redis.testing.TestClock;

/**
 * The client share is work-conserving (issue 30), decided by the local buckets on the test's clock, so every wait is
 * exact: a client alone may use the whole budget, booking it no further ahead than the fleet's burst; once another
 * client's reader asked within the window, each is held to its share; background work never makes a share bind.
 * The fleet: 1 token a second, a burst of 3 (a lone client books at most 2 s ahead). The share: half of it, a burst
 * of 2, binding while another client asked within 2 s.
 */
class ThrottleShareTest {

    static final Duration DEADLINE = Duration.ofMinutes(1);
    static final ClientShare HALF = new ClientShare(0.5, 2, Duration.ofSeconds(2));

    final TestClock clock = new TestClock();
    final Vertx vertx = Vertx.vertx();
    final UpstreamThrottle throttle = new UpstreamThrottle(ThrottleConfig.defaults().withRate(1, 3), HALF,
            Optional.empty(), clock, vertx, Draws.of(0.0));

    @AfterEach
    void stop() {
        Await.result(vertx.close());
    }

    @Test
    void aLoneClient_takesTheWholeBudget_bookingAtMostTheBurstAhead() {
        assertEquals(List.of(go(0), go(0), go(0), go(1), go(2), again(1)), asks("a", 6));
        assertEquals(0L, throttle.counters().get("gate.refused.client_share"));
    }

    @Test
    void twoClientsWaiting_areEachHeldToTheirShare_andAloneAgainAfterTheWindow() {
        asks("a", 5);

        assertEquals(go(3), ask("b", true), "b waits behind a's burst ahead, no more");
        assertEquals(List.of(go(4), go(5), refused(2)), asks("a", 3), "a's share binds: its burst of 2, then 2 s");
        assertEquals(List.of(go(6), refused(2)), asks("b", 2), "b's too: its burst of 2 (one taken above)");

        clock.advance(Duration.ofSeconds(3)); // the last asks of both are now older than the window

        assertEquals(again(2), ask("a", true), "alone again: the budget is booked 4 s ahead, a asks again in 2 s");
        assertEquals(2L, throttle.counters().get("gate.refused.client_share"));
    }

    @Test
    void backgroundWork_neverMakesAReadersShareBind() {
        assertEquals(go(0), ask(Asker.BACKGROUND_CLIENT, false));

        assertEquals(List.of(go(0), go(0), go(1), go(2), again(1)), asks("a", 5));
        assertEquals(0L, throttle.counters().get("gate.refused.client_share"));
    }

    @Test
    void backgroundWork_isHeldToItsShare_whileAReaderWaits() {
        ask("a", true);

        assertEquals(List.of(go(0), go(0), refused(2)),
                IntStream.range(0, 3).mapToObj(i -> ask(Asker.BACKGROUND_CLIENT, false)).toList());
    }

    private List<Verdict> asks(String client, int count) {
        return IntStream.range(0, count).mapToObj(i -> ask(client, true)).toList();
    }

    private Verdict ask(String client, boolean reader) {
        return Await.result(throttle.reserve(client, reader, DEADLINE));
    }

    private static Verdict go(int seconds) {
        return new Verdict.Go(Duration.ofSeconds(seconds));
    }

    private static Verdict again(int seconds) {
        return new Verdict.Again(Duration.ofSeconds(seconds));
    }

    private static Verdict refused(int seconds) {
        return new Verdict.No(new Admission.Refused(Refusal.CLIENT_SHARE, Duration.ofSeconds(seconds)));
    }
}
