package tme.api.push;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import tme.api.render.EventJson;
import tme.api.render.PageReader;
import tme.api.service.Answer;
import tme.api.service.NewPosts;
import tme.cache.Stored;
import tme.events.Entry;
import tme.events.Event;
import tme.events.EventLog;
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
 * Edited and deleted posts are not events. The comparison reads the stored page back and renders the posts, so it runs
 * on the worker pool, after the load has answered its callers.
 */
public final class PostEvents implements NewPosts {

    private static final System.Logger LOG = System.getLogger(PostEvents.class.getName());

    private final EventLog log;
    private final WorkerExecutor workers;
    // Failures (bugs): one line a minute per kind.
    private final RepeatLog failures = RepeatLog.perMinute(LOG, InstantSource.system());

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
        workers.executeBlocking(() -> Offer.of(channel, page, known, previous), false)
                .compose(offer -> offer.to(log))
                .onFailure(bug -> failures.log(System.Logger.Level.WARNING, "Could not publish new posts",
                        () -> "Could not publish new posts of " + channel, bug));
    }

    /**
     * What one load offers the log: the posts above {@code floor}, or (a baseline) the whole page.
     *
     * @param floor the newest post already dealt with; ignored for a baseline
     */
    record Offer(String channel, long floor, List<Event> events, boolean baseline) {

        static Offer of(String channel, ChannelPage page, OptionalLong known, Optional<Stored> previous) {
            OptionalLong floor = known.isPresent() ? known
                    : previous.map(PostEvents::newest).orElse(OptionalLong.empty());
            if (floor.isEmpty()) {
                return new Offer(channel, 0, PostEvents.events(channel, page, 0), true);
            }
            return new Offer(channel, floor.getAsLong(), PostEvents.events(channel, page, floor.getAsLong()), false);
        }

        Future<List<Entry>> to(EventLog log) {
            return baseline ? log.baseline(channel, events) : log.publish(channel, floor, events);
        }
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
