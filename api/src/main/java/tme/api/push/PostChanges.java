package tme.api.push;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import tme.api.render.EventJson;
import tme.api.render.PageReader;
import tme.api.service.Answer;
import tme.api.service.EditTimes;
import tme.api.service.NewPosts;
import tme.cache.Stored;
import tme.events.Entry;
import tme.events.EventLog;
import tme.events.Fact;
import tme.redis.RedisUnreachable;
import tme.redis.RepeatLog;
import tme.scraper.model.ChannelPage;

/**
 * Edits and deletions as facts: a loaded latest page is compared with the stored page it replaces ({@link
 * PageChanges}, on the worker pool, after the load has answered its callers), and each change is offered to the
 * channel's log beside its new posts, as a {@link Fact}: {@code edited} (item: the post id, version: the post's
 * {@link PageChanges#version}) or {@code deleted} (version {@code deleted}). The log appends each once for the fleet,
 * however many processes compare the same pages. Then {@code changed} is told the ids, so cached answers holding them
 * are dropped at once rather than left until they expire.
 *
 * <p>What a comparison cannot see: a page that replaces nothing (the first load, or a copy both cache levels let go),
 * an edit made and reverted between two loads, a post deleted beyond the pages loaded. A change found while Redis is
 * out of reach is not kept: the next load compares against the page this one stored, which shows it already.
 */
public final class PostChanges implements NewPosts {

    /** The kinds of entry a stream may ask for besides new posts. */
    public static final String EDITED = "edited";
    public static final String DELETED = "deleted";

    private static final System.Logger LOG = System.getLogger(PostChanges.class.getName());

    private final EventLog log;
    private final WorkerExecutor workers;
    private final BiConsumer<String, List<Integer>> changed;
    // Failures (bugs): one line a minute per kind.
    private final RepeatLog failures = RepeatLog.perMinute(LOG, InstantSource.system());

    /** {@code changed}: told a channel's edited and deleted post ids once their facts were offered. */
    public PostChanges(EventLog log, WorkerExecutor workers, BiConsumer<String, List<Integer>> changed) {
        this.log = log;
        this.workers = workers;
        this.changed = changed;
    }

    @Override
    public void loaded(String channel, ChannelPage page, Optional<Stored> previous) {
        loaded(channel, page, previous, Future.succeededFuture());
    }

    /**
     * The facts are offered, and the answers holding the posts dropped, once the page is {@code stored}: a reader told
     * of an edit (a stream, a WebSub delivery, a feed built anew) then reads the new page, not the one it replaces.
     */
    @Override
    public void loaded(String channel, ChannelPage page, Optional<Stored> previous, Future<Void> stored) {
        if (previous.isEmpty() || previous.get().kind() != Answer.KIND_OK || page.posts().isEmpty()) {
            return;
        }
        Stored replaced = previous.get();
        workers.executeBlocking(() -> PageChanges.between(PageReader.body(replaced.raw()), page), false)
                .compose(changes -> changes.none() ? Future.succeededFuture()
                        : stored.transform(done -> offer(channel, changes)))
                .onFailure(bug -> failures.log(System.Logger.Level.WARNING, "Could not publish edits and deletions",
                        () -> "Could not publish edits and deletions of " + channel, bug));
    }

    private Future<List<Entry>> offer(String channel, PageChanges changes) {
        return log.record(channel, facts(channel, changes))
                .recover(failure -> failure instanceof RedisUnreachable
                        ? Future.succeededFuture(List.of()) : Future.failedFuture(failure))
                .andThen(done -> changed.accept(channel, ids(changes)));
    }

    /** One fact per change: the edits, then the deletions. */
    static List<Fact> facts(String channel, PageChanges changes) {
        List<Fact> facts = new ArrayList<>();
        for (PageChanges.Edit edit : changes.edited()) {
            facts.add(new Fact(Integer.toString(edit.post().id()), EditTimes.VERSION + PageChanges.version(edit.post()),
                    EDITED, EventJson.edited(channel, edit.post(), edit.previousTextDigest())));
        }
        for (int id : changes.deleted()) {
            facts.add(new Fact(Integer.toString(id), DELETED, DELETED, EventJson.deleted(channel, id)));
        }
        return facts;
    }

    private static List<Integer> ids(PageChanges changes) {
        List<Integer> ids = new ArrayList<>();
        changes.edited().forEach(edit -> ids.add(edit.post().id()));
        ids.addAll(changes.deleted());
        return ids;
    }
}
