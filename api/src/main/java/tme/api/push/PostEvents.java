package tme.api.push;

import io.vertx.core.WorkerExecutor;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import tme.api.render.EventJson;
import tme.api.render.PageReader;
import tme.api.service.Answer;
import tme.api.service.NewPosts;
import tme.cache.Stored;
import tme.events.Event;
import tme.events.EventLog;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;
import tme.redis.RepeatLog;

/**
 * Which posts of a loaded latest page are new: those above the newest post of the page it replaces, each published as
 * one event (sequence: the post id) to the channel's log, which appends it once for the whole fleet however many
 * processes load the same page. A page that replaces nothing (the first load, or one after both cache levels let the
 * page go) is the baseline and publishes nothing: without a previous page nothing says which posts are new. Edited and
 * deleted posts are not events. The comparison reads the stored page back and renders the posts, so it runs on the
 * worker pool, after the load has answered its callers.
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
        if (previous.isEmpty() || page.posts().isEmpty()) {
            return;
        }
        workers.executeBlocking(() -> events(channel, page, previous.get()), false)
                .compose(events -> log.publish(channel, events))
                .onFailure(bug -> failures.log(System.Logger.Level.WARNING, "Could not publish new posts",
                        () -> "Could not publish new posts of " + channel, bug));
    }

    /** One event per post newer than the previous page's newest, oldest first. */
    static List<Event> events(String channel, ChannelPage page, Stored previous) {
        int newestBefore = switch (previous.kind()) {
            case Answer.KIND_OK -> newest(PageReader.body(previous.raw()));
            case Answer.KIND_EMPTY -> 0; // the channel had no posts: every post it shows now is new
            default -> Integer.MAX_VALUE; // "not found" before: this page is the baseline
        };
        return page.posts().stream().filter(post -> post.id() > newestBefore)
                .sorted(Comparator.comparingInt(Post::id))
                .map(post -> new Event(post.id(), EventJson.post(channel, post)))
                .toList();
    }

    private static int newest(ChannelPage page) {
        return page.posts().stream().mapToInt(Post::id).max().orElse(0);
    }
}
