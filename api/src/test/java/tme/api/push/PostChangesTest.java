package tme.api.push;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.render.JsonRender;
import tme.api.service.Answer;
import tme.cache.Stored;
import tme.events.Entry;
import tme.events.EventLog;
import tme.scraper.model.ChannelPage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

/**
 * A load's changes reach the log, and the cached answers are told, only once the new page is stored; a load that
 * replaces nothing, or a page that changed nothing, offers nothing.
 */
class PostChangesTest {

    private static final ChannelPage DUROV = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(
            Fixtures.read("s-durov-2026-05-hortay.html"), ParserMode.FULL)).value();
    private static final ChannelPage WITHOUT_500 = new ChannelPage(DUROV.channel(),
            DUROV.posts().stream().filter(post -> post.id() != 500).toList(), DUROV.offset());

    private final Vertx vertx = Vertx.vertx();
    private final WorkerExecutor workers = vertx.createSharedWorkerExecutor("changes-test", 1);
    private final EventLog log = EventLog.local(100, InstantSource.system());
    private final List<List<Integer>> told = new CopyOnWriteArrayList<>();
    private final CountDownLatch changed = new CountDownLatch(1);
    private final PostChanges changes = new PostChanges(log, workers, (channel, ids) -> {
        told.add(ids);
        changed.countDown();
    });

    @AfterEach
    void stop() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void aDeletion_isOfferedOnceThePageIsStored_thenTheAnswersAreTold() throws Exception {
        Promise<Void> stored = Promise.promise();

        changes.loaded("durov", WITHOUT_500, Optional.of(stored(DUROV)), stored.future());

        // The comparison ran (the one worker thread has run a job queued after it), and waits for the store.
        workers.executeBlocking(() -> null, false).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(List.of(), entries(), "nothing offered before the page is stored");
        assertEquals(List.of(), told);
        stored.complete();
        assertEquals(true, changed.await(30, TimeUnit.SECONDS));
        assertEquals(List.of(List.of(500)), told);
        assertEquals(List.of("deleted"), entries().stream().map(Entry::kind).toList());
    }

    @Test
    void nothingReplaced_orNothingChanged_offersNothing() throws Exception {
        changes.loaded("durov", WITHOUT_500, Optional.empty(), Future.succeededFuture());
        changes.loaded("durov", DUROV, Optional.of(stored(DUROV)), Future.succeededFuture());
        // A marker load that does change something: once it is told, the two before it have run (one worker).
        changes.loaded("durov", WITHOUT_500, Optional.of(stored(DUROV)), Future.succeededFuture());

        assertEquals(true, changed.await(30, TimeUnit.SECONDS));
        assertEquals(List.of(List.of(500)), told, "only the marker load's change");
        assertEquals(1, entries().size());
    }

    private List<Entry> entries() {
        return log.after("durov", Entry.START, 10).result();
    }

    private static Stored stored(ChannelPage page) {
        return Stored.of(JsonRender.body(page), Answer.KIND_OK, Instant.parse("2026-05-06T00:00:00Z"),
                Duration.ofSeconds(10));
    }
}
