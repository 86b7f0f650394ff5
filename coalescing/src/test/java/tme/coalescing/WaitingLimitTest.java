package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.Staleness;
import tme.cache.testing.Await;
import tme.redis.testing.TestClock;

/** {@code MAX_WAITING_REQUESTS}: past the limit a caller is answered at once, with a stale value if one is kept. */
class WaitingLimitTest {

    static final Duration FRESH_FOR = Duration.ofSeconds(10);
    static final Duration RETRY_AFTER = Duration.ofSeconds(7);

    final TestClock clock = new TestClock();
    final CountingLoader loader = CountingLoader.answering("{\"v\":1}", FRESH_FOR);
    final Node node = Node.alone(clock, Staleness.of(Optional.of(Duration.ofSeconds(1)), Duration.ofMinutes(1)),
            CoalescingConfig.defaults().withMaxWaiting(100), () -> RETRY_AFTER);

    @AfterEach
    void stop() {
        node.close();
    }

    @Test
    void thousandGetsOfDistinctKeys_withALimitOf100_shed900AtOnce() {
        loader.hold();
        AtomicInteger next = new AtomicInteger();

        List<Future<Result>> results = Burst.fire(1000, () -> node.get("key:" + next.getAndIncrement(), loader));

        assertShed900(results);
        assertEquals(100, loader.calls());
    }

    @Test
    void thousandGetsOfOneKey_withALimitOf100_shed900AtOnce_joinersCountToo() {
        loader.hold();

        List<Future<Result>> results = Burst.fire(1000, () -> node.get("key", loader));

        assertShed900(results);
        assertEquals(1, loader.calls());
    }

    @Test
    void aShedReader_getsTheStaleValueWhenOneIsKept() {
        Await.result(node.get("stale", loader));
        clock.advance(FRESH_FOR.plusSeconds(5)); // beyond its 1s revalidation window: readers would wait
        loader.hold();
        Burst.fire(100, () -> node.get("other", loader));

        Result.Found stale = assertInstanceOf(Result.Found.class, Await.result(node.get("stale", loader)));

        assertEquals(Source.STALE, stale.source());
        assertEquals(1L, node.count("coalescing.shed"));
        loader.release();
    }

    void assertShed900(List<Future<Result>> results) {
        long shed = results.stream().filter(Future::isComplete).map(Future::result)
                .filter(result -> result instanceof Result.Shed).count();
        assertEquals(900, shed, "answered Shed before any load ended");
        results.stream().filter(Future::isComplete).forEach(done ->
                assertEquals(new Result.Shed(RETRY_AFTER), done.result()));
        assertEquals(900L, node.count("coalescing.shed"));
        assertEquals(100L, node.count("coalescing.waiting"));

        loader.release();

        long found = results.stream().map(Await::result).filter(result -> result instanceof Result.Found).count();
        assertEquals(100, found);
        assertEquals(0L, node.count("coalescing.waiting"));
        assertTrue(node.count("coalescing.loads_in_flight") == 0);
    }
}
