package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static tme.coalescing.Results.found;
import static tme.coalescing.Results.text;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.Stored;
import tme.cache.testing.Await;
import tme.redis.testing.TestClock;

/**
 * {@link CoalescingCache#get(String, String, Loader, Tolerance)}: a reader that accepts older values than the
 * value's own lifetime (a feed reading a latest page stored fresh for 10 s, with SWR 10 s and MAX_STALE 1 h), on
 * the test clock, in one process.
 */
class ToleranceTest {

    static final String KEY = "tme:v1:full:body:durov:0";
    static final Duration FRESH_FOR = Duration.ofSeconds(10);
    static final Tolerance FEED = Tolerance.of(Duration.ofSeconds(60), Duration.ofMinutes(15));

    final TestClock clock = new TestClock();
    final Node node = Node.alone(clock);
    final CountingLoader loader = CountingLoader.answering("{\"v\":1}", FRESH_FOR);

    @AfterEach
    void stop() {
        node.close();
    }

    Future<Result> tolerant() {
        return node.coalescing.get(KEY, Asker.of("feed", "feed"), loader, FEED);
    }

    @Test
    void pastItsOwnFreshnessAndRevalidation_butWithinTheReadersFreshness_isAnsweredAsItIs_noLoad() {
        Stored first = found(tolerant()).value();
        clock.advance(Duration.ofSeconds(30)); // a plain read would now wait for a load: 30 s > 10 s + SWR 10 s

        Result.Found answer = found(tolerant());

        assertEquals(first, answer.value());
        assertEquals(Source.L1, answer.source());
        assertEquals(1, loader.calls());
        assertEquals(0L, node.count("coalescing.refreshes.started"));
    }

    @Test
    void pastTheReadersFreshness_isAnsweredStale_withExactlyOneBackgroundRefresh() {
        Stored first = found(tolerant()).value();
        clock.advance(Duration.ofSeconds(61));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        loader.hold();

        for (int i = 0; i < 20; i++) {
            Result.Found stale = found(tolerant());
            assertEquals(first, stale.value());
            assertEquals(Source.STALE, stale.source());
            clock.advance(Duration.ofSeconds(10)); // still within the reader's 15 minutes
        }
        LoadContext refresh = loader.awaitCall(2);
        assertEquals(2, loader.calls(), "one refresh for the whole stale window");
        assertEquals(Priority.BACKGROUND, refresh.priority());
        assertEquals(Optional.of(first), refresh.previous());

        loader.release();
        // The refresh stores its value on the cache's loop, after the release: awaited, not assumed done.
        Await.until(() -> text(found(tolerant())).equals("{\"v\":2}"), "the refreshed value answered");
        assertEquals(2, loader.calls());
    }

    @Test
    void olderThanTheReaderAccepts_waitsForAUserLoad_andAFailedLoadAnswersTheStaleValue() {
        Stored first = found(tolerant()).value();
        clock.advance(Duration.ofMinutes(16));
        loader.hold();

        Future<Result> waiting = tolerant();
        assertFalse(waiting.isComplete());
        assertEquals(Priority.USER, loader.contexts().get(1).priority());
        loader.answer(Loaded.localFailure(new TestFailure("upstream_unavailable")));
        loader.release();

        Result.Found stale = found(waiting);
        assertEquals(first, stale.value(), "16 min is within MAX_STALE (1 h) past its own freshness");
        assertEquals(Source.STALE, stale.source());
    }

    @Test
    void usableForShorterThanFreshFor_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> Tolerance.of(Duration.ofMinutes(2), Duration.ofMinutes(1)));
    }
}
