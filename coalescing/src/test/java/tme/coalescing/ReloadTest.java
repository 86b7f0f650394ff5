package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.coalescing.Results.found;
import static tme.coalescing.Results.text;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link CoalescingCache#reload}: a reader who cannot use the value it was answered has the key loaded again, at
 * user priority, once for every process, unless a newer value is stored already.
 */
class ReloadTest extends TwoNodesTestBase {

    static final Duration FRESH_FOR = Duration.ofMinutes(60);

    ReloadTest() {
        super(FRESH_FOR);
    }

    @Test
    void freshValue_isLoadedAgain_atUserPriority_replacingIt() {
        Result.Found first = found(a.get(KEY, loader));
        clock.advance(Duration.ofMinutes(11));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));

        Result.Found reloaded = found(a.coalescing.reload(KEY, Asker.of("reader", "durov"), loader, first.value()));

        assertEquals("{\"v\":2}", text(reloaded));
        assertEquals(Source.LOAD, reloaded.source());
        assertEquals(2, loader.calls());
        LoadContext context = loader.contexts().get(1);
        assertEquals(Priority.USER, context.priority(), "a reader waits for it");
        assertEquals("reader", context.client(), "charged to whoever asked");
        assertEquals("durov", context.flow());
        assertEquals(Optional.of(first.value()), context.previous());
        assertEquals(0L, a.count("coalescing.refreshes.started"), "not a refresh");
    }

    @Test
    void newerValueStored_byThisOrAnotherProcess_isTheAnswer_withoutALoad() {
        Result.Found first = found(a.get(KEY, loader));
        found(b.get(KEY, loader));
        clock.advance(Duration.ofSeconds(5));
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        assertEquals("{\"v\":2}", text(found(a.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value()))));

        assertEquals("{\"v\":2}", text(found(a.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value()))));
        assertEquals("{\"v\":2}", text(found(b.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value()))),
                "b still holds the old copy in memory; the lease finds a's newer one");
        assertEquals(2, loader.calls());
    }

    @Test
    void bothProcessesAtOnce_shareOneLoad() {
        Result.Found first = found(a.get(KEY, loader));
        found(b.get(KEY, loader));
        clock.advance(Duration.ofSeconds(1)); // what a newer copy is: stored after the one replaced
        loader.answer(CountingLoader.value("{\"v\":2}", FRESH_FOR));
        loader.hold();
        var onA = a.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value());
        var alsoOnA = a.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value());
        var onB = b.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value());
        loader.release();

        assertEquals("{\"v\":2}", text(found(onA)));
        assertEquals("{\"v\":2}", text(found(alsoOnA)));
        assertEquals("{\"v\":2}", text(found(onB)));
        assertEquals(2, loader.calls(), "the first read, then one reload for the three");
    }

    @Test
    void failedReload_answersTheValueItReplaces() {
        Result.Found first = found(a.get(KEY, loader));
        loader.answer(Loaded.localFailure(new TestFailure("{\"code\":\"upstream_unavailable\"}")));

        Result.Found stale = found(a.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value()));
        assertEquals(first.value(), stale.value());
        assertEquals(Source.STALE, stale.source());
        Result.Found remembered = found(a.coalescing.reload(KEY, Asker.of("durov", "durov"), loader, first.value()));
        assertEquals(Source.STALE, remembered.source());
        assertEquals(2, loader.calls(), "the failure is remembered: no second load");
    }
}
