package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.util.ArrayList;
import java.util.List;
import tme.api.problem.Problem;
import tme.api.render.PageReader;
import tme.coalescing.Asker;
import tme.scraper.fetch.Direction;
import tme.scraper.model.Post;

/**
 * The pages before a channel's latest one, as deeper feeds ({@code pages=N}) and the refresher read them: the page
 * before the oldest post so far, {@code count} times, each through the entry {@code /v1/more/<channel>/before/<id>}
 * answers ({@link ChannelService#more}). So a page any reader already loaded costs no t.me request, two feeds of
 * different depth share the pages they have in common, and when the latest page's oldest post has not moved the
 * whole chain is hits. Not a history walk: a handful of pages, one after the other, nothing more. Reading stored
 * answers back is CPU work: it runs on the worker pool.
 */
final class OlderPages {

    private final ChannelService channels;
    private final WorkerExecutor workers;

    OlderPages(ChannelService channels, WorkerExecutor workers) {
        this.channels = channels;
        this.workers = workers;
    }

    /**
     * {@code latest} and up to {@code count} pages before it, loads charged to {@code asker}. Stops early at the
     * channel's first post (a page with nothing older, or without t.me's link to older posts), at a page that is no
     * answer (kept as the failure when it is a problem), or when {@code latest} itself is none.
     */
    Future<ChannelPages> before(ChannelName channel, Answer latest, int count, Asker asker) {
        if (count < 1 || !(latest instanceof Answer.Cached page) || page.status() != 200) {
            return Future.succeededFuture(ChannelPages.latestOnly(latest));
        }
        return workers.executeBlocking(() -> oldest(PageReader.body(page.stored().raw()).posts()), false)
                .compose(oldest -> walk(channel, oldest, count, new ArrayList<>(), asker))
                .map(walked -> new ChannelPages(latest, walked.posts(), walked.failure()));
    }

    /** What a walk gathered: the older posts, and the problem that stopped it, or null. */
    private record Walked(List<Post> posts, Problem failure) {}

    private Future<Walked> walk(ChannelName channel, int before, int left, List<Post> posts, Asker asker) {
        if (left == 0 || before <= 1 || before > Inputs.MAX_NUMBER) { // past MAX_NUMBER: no /v1/more entry to read
            return Future.succeededFuture(new Walked(posts, null));
        }
        return channels.more(channel, Direction.BEFORE, new Position(before), asker).compose(answer -> switch (answer) {
            case Answer.Failure failure -> Future.succeededFuture(new Walked(posts, failure.problem()));
            case Answer.Cached page when page.status() == 200 -> workers.executeBlocking(() ->
                    PageReader.more(page.stored().raw()), false).compose(more -> {
                        List<Post> older = more.posts().stream().filter(post -> post.id() < before).toList();
                        posts.addAll(older);
                        // No link to older posts (t.me's more-wrap): this page reached the channel's first post.
                        boolean first = older.isEmpty() || more.offset().before() == null;
                        return first ? Future.succeededFuture(new Walked(posts, null))
                                : walk(channel, oldest(older), left - 1, posts, asker);
                    });
            case Answer.Cached notFound -> Future.succeededFuture(new Walked(posts, null));
        });
    }

    /** The oldest post's id ({@code 0}, which stops a walk, for a page without posts). */
    private static int oldest(List<Post> posts) {
        return posts.stream().mapToInt(Post::id).min().orElse(0);
    }
}
