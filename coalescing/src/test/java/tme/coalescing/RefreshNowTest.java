package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.coalescing.Results.found;
import static tme.coalescing.Results.text;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

/** {@link CoalescingCache#refresh}: a refresher's load of a key, fresh or not, at background priority. */
class RefreshNowTest extends TwoNodesTestBase {

    static final Duration FRESH_FOR = Duration.ofSeconds(60);

    RefreshNowTest() {
        super(FRESH_FOR);
    }

    @Test
    void freshKey_isLoadedAgainInTheBackground_withTheValueItReplaces() {
        Result.Found first = found(a.get(KEY, loader));
        clock.advance(Duration.ofSeconds(5));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));

        Result.Found refreshed = found(a.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ZERO));

        assertEquals("{\"v\":2}", text(refreshed));
        assertEquals(Source.LOAD, refreshed.source());
        assertEquals(2, loader.calls());
        LoadContext context = loader.contexts().get(1);
        assertEquals(Priority.BACKGROUND, context.priority());
        assertEquals(Asker.BACKGROUND_CLIENT, context.client(), "charged to the background client");
        assertEquals(Optional.of(first.value()), context.previous());
        assertEquals("{\"v\":2}", text(found(b.get(KEY, loader))), "stored for every process");
    }

    @Test
    void valueStoredWithinYoungEnough_isTheAnswer_noLoad_olderIsLoadedAgain() {
        Result.Found first = found(a.get(KEY, loader));
        clock.advance(Duration.ofSeconds(20));

        Result.Found young = found(b.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ofSeconds(30)));
        assertEquals(first.value(), young.value(), "stored 20 s ago by another process: young enough");
        assertEquals(1, loader.calls());

        clock.advance(Duration.ofSeconds(10));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        assertEquals("{\"v\":2}", text(found(b.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ofSeconds(30)))));
        assertEquals(2, loader.calls(), "30 s old is not");
    }

    @Test
    void readersAskingDuringTheRefresh_joinIt_oneLoad() {
        loader.hold();
        var refreshing = a.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ZERO);
        var reader = a.get(KEY, loader);
        loader.release();

        assertEquals("{\"v\":1}", text(found(refreshing)));
        assertEquals("{\"v\":1}", text(found(reader)));
        assertEquals(1, loader.calls());
        assertEquals(1L, a.count("coalescing.raised"), "the reader raised it to user priority");
    }

    @Test
    void twoRefreshesAtOnce_shareOneLoad_countedAsOneStarted_andAFailedOneCountedFailed() {
        found(a.get(KEY, loader));
        loader.hold();
        var one = a.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ZERO);
        var two = a.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ZERO);
        loader.release();

        assertEquals(found(one).value(), found(two).value());
        assertEquals(2, loader.calls(), "the first read, then one refresh for both");
        assertEquals(1L, a.count("coalescing.refreshes.started"), "the second joined, it started nothing");
        assertEquals(0L, a.count("coalescing.refreshes.failed"));

        loader.answer(Loaded.localFailure(new TestFailure("{\"code\":\"upstream_unavailable\"}")));
        assertEquals(Result.Failed.class, Await.result(a.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ZERO)).getClass());
        assertEquals(2L, a.count("coalescing.refreshes.started"));
        assertEquals(1L, a.count("coalescing.refreshes.failed"));
    }

    @Test
    void keyThatFailedAMomentAgo_answersThatFailure_withoutALoad() {
        loader.answer(Loaded.localFailure(new TestFailure("{\"code\":\"upstream_unavailable\"}")));
        Result first = Await.result(a.get(KEY, loader));
        Result again = Await.result(a.coalescing.refresh(KEY, Asker.background("durov"), loader, Duration.ZERO));

        assertEquals(Result.Failed.class, first.getClass());
        assertEquals(Result.Failed.class, again.getClass());
        assertEquals(1, loader.calls());
    }
}
