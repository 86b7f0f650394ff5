package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.coalescing.Results.found;
import static tme.coalescing.Results.text;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.Staleness;
import tme.cache.Stored;
import tme.cache.testing.Await;
import tme.redis.testing.TestClock;

/**
 * Stale-while-revalidate and stale-if-error in one process without Redis, on the test clock: fresh for 10s,
 * answered stale at once for 5s more, then kept up to a minute past freshness for loads that fail.
 */
class StaleAnswersTest {

    static final String KEY = "tme:v1:full:body:durov:0";
    static final Duration FRESH_FOR = Duration.ofSeconds(10);
    static final Staleness STALENESS = Staleness.of(Optional.of(Duration.ofSeconds(5)), Duration.ofMinutes(1));
    static final TestFailure FAILED = new TestFailure("upstream_unavailable");

    final TestClock clock = new TestClock();
    final List<Node> nodes = new ArrayList<>();
    final CountingLoader loader = CountingLoader.answering("{\"v\":1}", FRESH_FOR);

    @AfterEach
    void stop() {
        nodes.forEach(Node::close);
    }

    Node node() {
        Node node = Node.alone(clock, STALENESS, CoalescingConfig.defaults());
        nodes.add(node);
        return node;
    }

    @Test
    void staleWithinRevalidation_isAnsweredAtOnce_andStartsExactlyOneBackgroundRefresh() {
        Node node = node();
        Stored first = found(node.get(KEY, loader)).value();
        clock.advance(FRESH_FOR.plusSeconds(1));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        loader.hold();

        for (int i = 0; i < 50; i++) {
            Result.Found stale = found(node.get(KEY, loader));
            assertEquals("{\"v\":1}", text(stale));
            assertEquals(Source.STALE, stale.source());
            assertTrue(stale.stale());
            assertEquals(Duration.ofSeconds(-1), stale.value().timeLeft(clock.instant()));
        }
        assertEquals(50L, node.count("coalescing.stale.served"));
        assertEquals(1L, node.count("coalescing.refreshes.started"));
        LoadContext refresh = loader.awaitCall(2);
        assertEquals(2, loader.calls());
        assertEquals(Priority.BACKGROUND, refresh.priority());
        assertEquals(Optional.of(first), refresh.previous());

        loader.release();
        // The refresh stores its value on the cache's loop, after the release: awaited, not assumed done.
        Await.until(() -> text(found(node.get(KEY, loader))).equals("{\"v\":2}"), "the refreshed value answered");
        Result.Found refreshed = found(node.get(KEY, loader));
        assertEquals(Source.L1, refreshed.source());
        assertEquals(2, loader.calls());
    }

    @Test
    void aStaleAnswer_isCompleteBeforeItsRefreshCallsTheLoader_whichStartsOnTheLoopsNextTurn() throws Exception {
        Node node = node();
        found(node.get(KEY, loader));
        clock.advance(FRESH_FOR.plusSeconds(1));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        CompletableFuture<List<Object>> onTheLoop = new CompletableFuture<>();

        node.vertx.runOnContext(ignored -> {
            Future<Result> answer = node.get(KEY, loader);
            onTheLoop.complete(List.of(answer.isComplete(), loader.calls(), found(answer).source()));
        });

        // Within the reader's turn of the loop: answered, stale, and the loader not yet called.
        assertEquals(List.of(true, 1, Source.STALE), onTheLoop.get(60, TimeUnit.SECONDS));
        assertEquals(Priority.BACKGROUND, loader.awaitCall(2).priority());
        assertEquals(1L, node.count("coalescing.refreshes.started"));
    }

    @Test
    void staleBeyondRevalidation_waitsForAUserLoad_asOnAMiss() {
        Node node = node();
        Stored first = found(node.get(KEY, loader)).value();
        clock.advance(FRESH_FOR.plusSeconds(6));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        loader.hold();

        Future<Result> waiting = node.get(KEY, loader);
        assertFalse(waiting.isComplete());
        assertEquals(1L, node.count("coalescing.waiting"));
        LoadContext load = loader.contexts().get(1);
        assertEquals(Priority.USER, load.priority());
        assertEquals(Optional.of(first), load.previous());

        loader.release();
        Result.Found loaded = found(waiting);
        assertEquals("{\"v\":2}", text(loaded));
        assertEquals(Source.LOAD, loaded.source());
        assertEquals(0L, node.count("coalescing.waiting"));
        assertEquals(0L, node.count("coalescing.stale.served"));
    }

    @Test
    void staleBeyondRevalidation_whenTheLoadFails_answersTheStaleBytes() {
        Node node = node();
        Stored first = found(node.get(KEY, loader)).value();
        clock.advance(FRESH_FOR.plusSeconds(30));
        loader.answer(Loaded.localFailure(FAILED));

        Result.Found stale = found(node.get(KEY, loader));

        assertEquals(first, stale.value());
        assertEquals(Source.STALE, stale.source());
        assertEquals(1L, node.count("coalescing.stale.if_error"));
        assertEquals(2, loader.calls());
    }

    @Test
    void aValueAnsweredByTheLoad_evenNotFound_replacesTheStaleOne() {
        Node node = node();
        found(node.get(KEY, loader));
        clock.advance(FRESH_FOR.plusSeconds(30));
        loader.answer(Loaded.value("{\"error\":\"channel_not_found\"}".getBytes(StandardCharsets.UTF_8), 1, FRESH_FOR));

        Result.Found notFound = found(node.get(KEY, loader));

        assertEquals(1, notFound.value().kind());
        assertEquals(Source.LOAD, notFound.source());
        assertEquals(0L, node.count("coalescing.stale.if_error"));
    }

    @Test
    void pastMaxStale_theEntryIsGone_andAFailingLoadAnswersTheFailure() {
        Node node = node();
        found(node.get(KEY, loader));
        clock.advance(FRESH_FOR.plus(STALENESS.maxStale()));
        loader.answer(Loaded.localFailure(FAILED));

        Result.Failed failed = assertInstanceOf(Result.Failed.class, Await.result(node.get(KEY, loader)));

        assertSame(FAILED, failed.error());
        assertEquals(Source.LOAD, failed.source());
        assertEquals(0L, node.count("coalescing.stale.if_error"));
    }

    @Test
    void aReaderJoiningAHeldBackgroundRefresh_raisesItToAUserLoad() {
        Node node = node();
        found(node.get(KEY, loader));
        clock.advance(FRESH_FOR.plusSeconds(1));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        loader.hold();
        assertEquals(Source.STALE, found(node.get(KEY, loader)).source()); // starts the refresh
        LoadContext refresh = loader.awaitCall(2);
        assertEquals(Priority.BACKGROUND, refresh.priority());

        clock.advance(Duration.ofSeconds(5)); // now stale beyond the revalidation window: readers wait
        Future<Result> reader = node.get(KEY, loader);

        assertEquals(Priority.USER, refresh.priority());
        assertEquals(1L, node.count("coalescing.raised"));
        assertEquals(1L, node.count("coalescing.coalesced"));
        assertEquals(2, loader.calls());
        loader.release();
        assertEquals("{\"v\":2}", text(found(reader)));
    }

    @Test
    void failingKeyReadEvery10msFor4s_withoutRedis_callsTheLoaderOncePerErrorTtl() {
        Node node = Node.alone(clock);
        nodes.add(node);
        failingKeyReadEvery10msFor4s(node, clock);
    }

    /**
     * Fresh for 2s, then the loader fails. The refresh at 1.8..1.9s (the key's point in the window) fails and is
     * remembered for 2s, the next one (3.8..3.9s) too: three loader calls in 4s, and every read has bytes.
     */
    static void failingKeyReadEvery10msFor4s(Node node, TestClock clock) {
        Duration freshFor = Duration.ofSeconds(2);
        CountingLoader loader = CountingLoader.answering("{\"v\":1}", freshFor);
        int reads = 0;
        for (Duration elapsed = Duration.ZERO; elapsed.compareTo(Duration.ofSeconds(4)) < 0;
                elapsed = elapsed.plusMillis(10), reads++) {
            Result.Found found = found(node.get(KEY, loader));
            assertEquals("{\"v\":1}", text(found), "read at " + elapsed);
            if (reads == 0) {
                loader.answer(Loaded.localFailure(FAILED));
            }
            Conditions.await("background work ends", () -> node.coalescing.backgroundWork() == 0);
            clock.advance(Duration.ofMillis(10));
        }
        assertEquals(400, reads);
        assertEquals(3, loader.calls(), "one load, then one failing refresh per UPSTREAM_ERROR_TTL");
        assertEquals(2L, node.count("coalescing.refreshes.failed"));
    }
}
