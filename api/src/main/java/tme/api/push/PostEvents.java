package tme.api.push;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import tme.api.render.EventJson;
import tme.api.render.PageReader;
import tme.api.service.Answer;
import tme.api.service.NewPosts;
import tme.cache.Stored;
import tme.events.Entry;
import tme.events.Event;
import tme.events.EventLog;
import tme.events.EventWindows;
import tme.redis.RedisUnreachable;
import tme.redis.RepeatLog;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;

/**
 * Which posts of a loaded latest page are new, each published as one event (sequence: the post id) to the channel's
 * log, which appends it once for the whole fleet however many processes load the same page. New means above, in this
 * order:
 * <ol>
 *   <li>the channel's mark this process knows ({@link EventLog#known}: what it appended or read, or its last floor),
 *       so a page loaded while Redis was out of reach (its posts never appended) does not hide them from the next
 *       load, whatever page it replaced;</li>
 *   <li>else the newest post of the page it replaces (none when the channel showed none);</li>
 *   <li>else nothing says: the page is offered as a baseline, and the log appends what is above the fleet's mark,
 *       or takes the page's newest as the mark when it has none (a fresh start, or both cache levels let the page
 *       go).</li>
 * </ol>
 * Edited and deleted posts are {@link PostChanges}'. The comparison reads the stored page back and renders the posts, so it runs
 * on the worker pool, after the load has answered its callers.
 *
 * <p>A publish that could not reach the log (Redis out of reach) leaves its events here (kept: the newest {@link #KEPT_PER_CHANNEL} per channel, {@link #KEPT_CHANNELS}
 * channels, the one longest without news dropped first: a few tens of MB at the very worst): the next
 * offer of the channel carries them, merged with that load's new posts (ascending, each sequence once), and
 * {@link #offerKept} offers them without a load once Redis answers, so posts that left t.me's page (about 20 posts)
 * during the outage still reach the log. The log's mark drops any another process appended meanwhile; and any it
 * appended above them first (a refresher's load before this server's offer) makes them duplicates too: lost, as
 * before.
 */
public final class PostEvents implements NewPosts {

    private static final System.Logger LOG = System.getLogger(PostEvents.class.getName());

    private final EventLog log;
    private final WorkerExecutor workers;
    // Failures (bugs): one line a minute per kind.
    private final RepeatLog failures = RepeatLog.perMinute(LOG, InstantSource.system());
    /**
     * Posts kept per channel while Redis is out of reach: t.me's latest page shows only about 20 posts, so at a few
     * posts a second what was published early in an outage has left it by the time Redis answers again.
     */
    static final int KEPT_PER_CHANNEL = 1_000;
    static final int KEPT_CHANNELS = 4_096;

    private final EventWindows kept = new EventWindows(KEPT_PER_CHANNEL, KEPT_CHANNELS);

    public PostEvents(EventLog log, WorkerExecutor workers) {
        this.log = log;
        this.workers = workers;
    }

    @Override
    public void loaded(String channel, ChannelPage page, Optional<Stored> previous) {
        if (page.posts().isEmpty()) {
            return;
        }
        OptionalLong known = log.known(channel);
        List<Event> unappended = kept.of(channel);
        workers.executeBlocking(() -> Offer.of(channel, page, known, previous, unappended), false)
                .compose(this::offer)
                .onFailure(bug -> failures.log(System.Logger.Level.WARNING, "Could not publish new posts",
                        () -> "Could not publish new posts of " + channel, bug));
    }

    /**
     * Offers again what {@code channel} kept from publishes that could not reach the log, above the mark this process
     * knows: asked each round for the watched channels once Redis answers, and for all after a wipe, so they reach
     * the log before the fleet's next load of the channel appends newer posts (the mark would then drop them).
     */
    public Future<?> offerKept(String channel) {
        OptionalLong known = log.known(channel);
        List<Event> unappended = kept.of(channel);
        if (unappended.isEmpty() || known.isEmpty()) {
            return Future.succeededFuture();
        }
        long floor = known.getAsLong();
        return offer(new Offer(channel, floor, unappended.stream().filter(event -> event.seq() > floor).toList(),
                false));
    }

    /** {@link #offerKept(String)} for every channel that kept some. */
    public Future<?> offerKept() {
        return Future.join(kept.names().stream().map(this::offerKept).toList());
    }

    /** {@code push.unappended_events}: new posts kept because their publish could not reach the log. */
    public Map<String, Long> counters() {
        return Map.of("push.unappended_events", kept.size());
    }

    /** The offer to the log; what it could not reach is kept for the next, what it reached is kept no longer. */
    private Future<List<Entry>> offer(Offer offer) {
        if (offer.baseline()) {
            // Nothing to tell new from old: a baseline out of reach keeps nothing (it appends nothing in any case).
            return log.baseline(offer.channel(), offer.events()).recover(PostEvents::emptyIfUnreached);
        }
        if (offer.events().isEmpty()) {
            kept.dropUpTo(offer.channel(), offer.floor());
            return Future.succeededFuture(List.of());
        }
        long newest = offer.events().getLast().seq();
        return log.publish(offer.channel(), offer.floor(), offer.events())
                .onSuccess(appended -> kept.dropUpTo(offer.channel(), newest))
                .recover(failure -> {
                    if (failure instanceof RedisUnreachable) {
                        kept.keep(offer.channel(), offer.events());
                    }
                    return emptyIfUnreached(failure);
                });
    }

    /** Redis out of reach is expected (counted by the log): nothing appended. Anything else is a bug, passed on. */
    private static Future<List<Entry>> emptyIfUnreached(Throwable failure) {
        return failure instanceof RedisUnreachable ? Future.succeededFuture(List.of()) : Future.failedFuture(failure);
    }

    /**
     * What one load offers the log: the posts above {@code floor}, or (a baseline) the whole page.
     *
     * @param floor the newest post already dealt with; ignored for a baseline
     */
    record Offer(String channel, long floor, List<Event> events, boolean baseline) {

        /**
         * @param unappended what earlier publishes of the channel could not append, ascending: offered with the
         *                   page's new posts (a baseline leaves them kept: it has no floor to judge them by)
         */
        static Offer of(String channel, ChannelPage page, OptionalLong known, Optional<Stored> previous,
                        List<Event> unappended) {
            OptionalLong floor = known.isPresent() ? known
                    : previous.map(PostEvents::newest).orElse(OptionalLong.empty());
            if (floor.isEmpty()) {
                return new Offer(channel, 0, PostEvents.events(channel, page, 0), true);
            }
            long above = floor.getAsLong();
            return new Offer(channel, above, merged(unappended, PostEvents.events(channel, page, above), above), false);
        }
    }

    /** {@code kept} and {@code loaded} above {@code floor}, ascending, each sequence once (the page's copy wins). */
    static List<Event> merged(List<Event> kept, List<Event> loaded, long floor) {
        if (kept.isEmpty()) {
            return loaded;
        }
        TreeMap<Long, Event> bySeq = new TreeMap<>();
        kept.stream().filter(event -> event.seq() > floor).forEach(event -> bySeq.put(event.seq(), event));
        loaded.forEach(event -> bySeq.put(event.seq(), event));
        return List.copyOf(bySeq.values());
    }

    /** The newest post of the page a load replaces: 0 when it showed none; empty when it says nothing (not found). */
    static OptionalLong newest(Stored previous) {
        return switch (previous.kind()) {
            case Answer.KIND_OK -> OptionalLong.of(PageReader.body(previous.raw()).posts().stream()
                    .mapToLong(Post::id).max().orElse(0));
            case Answer.KIND_EMPTY -> OptionalLong.of(0); // the channel had no posts: every post it shows now is new
            default -> OptionalLong.empty();
        };
    }

    /** One event per post above {@code floor}, oldest first. */
    static List<Event> events(String channel, ChannelPage page, long floor) {
        return page.posts().stream().filter(post -> post.id() > floor)
                .sorted(Comparator.comparingInt(Post::id))
                .map(post -> new Event(post.id(), EventJson.post(channel, post)))
                .toList();
    }
}
