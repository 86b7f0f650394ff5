package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tme.api.problem.Problem;
import tme.api.render.EventJson;
import tme.api.render.PageReader;
import tme.coalescing.Asker;
import tme.coalescing.Tolerance;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;

/**
 * A feed's document as it is now, for a WebSub delivery: built from the channels' latest pages like any feed, but
 * never from a stored build (which may predate the post being delivered), and only once the channel that published
 * the post shows it: a page this process kept from before (its memory copy lives up to {@code MEMORY_CACHE_MAX_TTL})
 * is refreshed first, which finds the loading process's copy in Redis or asks t.me once.
 */
public final class FeedDocuments {

    /** A feed's bytes and their media type. */
    public record Document(byte[] bytes, String contentType) {}

    private final ChannelService channels;
    // A topic's feed pages=N deep reads its older pages as the feed does.
    private final OlderPages older;
    private final FeedService feeds;
    private final Tolerance pages;
    private final InstantSource clock;
    private final WorkerExecutor workers;
    private final int parallelism;

    public FeedDocuments(ChannelService channels, FeedService feeds, Tolerance pages, InstantSource clock,
                         WorkerExecutor workers, int parallelism) {
        this.channels = channels;
        this.older = new OlderPages(channels, workers);
        this.feeds = feeds;
        this.pages = pages;
        this.clock = clock;
        this.workers = workers;
        this.parallelism = parallelism;
    }

    /** {@code FEED_MAX_PAGES}: the deepest feed a WebSub topic may name. */
    public int maxPages() {
        return feeds.maxPages();
    }

    /** {@code request}'s feed with post {@code post} of {@code channel} on it (or failed with the problem). */
    public Future<Document> current(FeedRequest request, ChannelName channel, long post) {
        Asker hub = hub(channel.value());
        return showing(channel, post, hub)
                .compose(shown -> Lanes.each(request.channels(), parallelism,
                        name -> channels.latest(name, hub, pages)
                                .compose(latest -> older.before(name, latest, request.pages() - 1, hub)),
                        bug -> ChannelPages.latestOnly(new Answer.Failure(Problem.internal()))))
                .compose(read -> feeds.edits(request).compose(edited -> feeds.trees(read).compose(trees ->
                        workers.executeBlocking(() -> FeedBuild.of(request, read, trees, clock.instant(),
                                feeds.links(), feeds.hubUrl(request), edited), false))))
                .compose(built -> built.bytes() != null
                        ? Future.succeededFuture(new Document(built.bytes(), request.format().contentType()))
                        : Future.failedFuture(new IllegalStateException(built.refusal().detail())));
    }

    /**
     * {@code request}'s feed showing exactly the posts {@code events} carry ({@link EventJson}: what a subscriber has
     * not had yet), each under its channel as the channel's latest page describes it.
     */
    public Future<Document> posts(FeedRequest request, List<byte[]> events) {
        Asker hub = hub(request.names().getFirst());
        return workers.executeBlocking(() -> byChannel(events), false).compose(posts -> Lanes.each(
                        List.copyOf(posts.keySet()), parallelism, name -> channels.latest(name, hub, pages),
                        bug -> new Answer.Failure(Problem.internal()))
                .compose(answers -> workers.executeBlocking(() -> {
                    List<ChannelPage> withPosts = new ArrayList<>();
                    int i = 0;
                    for (Map.Entry<ChannelName, List<Post>> channel : posts.entrySet()) {
                        withPosts.add(page(channel.getKey(), answers.get(i++), channel.getValue()));
                    }
                    return new Document(FeedBuild.posts(request, withPosts, clock.instant(), feeds.links(),
                            feeds.hubUrl(request)), request.format().contentType());
                }, false)));
    }

    /** {@code request}'s whole feed as it is now: what a subscriber gets when the log no longer holds what it missed. */
    public Future<Document> whole(FeedRequest request) {
        return current(request, request.channels().getFirst(), 0);
    }

    /**
     * Who asks for a delivery of {@code channel}'s posts: no reader, the hub itself, as a client (and flow) of its own
     * per channel, {@code websub:<channel>}: one channel's deliveries spend their own share of the budget.
     */
    private static Asker hub(String channel) {
        String flow = "websub:" + channel;
        return Asker.of(flow, flow);
    }

    private static Map<ChannelName, List<Post>> byChannel(List<byte[]> events) {
        Map<ChannelName, List<Post>> posts = new LinkedHashMap<>();
        for (byte[] event : events) {
            EventJson.Carried carried = EventJson.read(event);
            posts.computeIfAbsent(ChannelName.parse("channel", carried.channel()), name -> new ArrayList<>())
                    .add(carried.post());
        }
        return posts;
    }

    /** {@code posts} under the channel its latest page describes; a channel that cannot be read fails the delivery. */
    private static ChannelPage page(ChannelName name, Answer latest, List<Post> posts) {
        if (latest instanceof Answer.Cached ok && ok.status() == 200 && ok.stored().kind() == Answer.KIND_OK) {
            ChannelPage page = PageReader.body(ok.stored().raw());
            return new ChannelPage(page.channel(), posts, page.offset());
        }
        throw new IllegalStateException("channel " + name.value() + " could not be read to render its posts");
    }

    /** The channel's latest page, refreshed when the copy at hand does not show {@code post} yet. */
    private Future<Void> showing(ChannelName channel, long post, Asker hub) {
        return channels.latest(channel, hub, pages)
                .compose(answer -> workers.executeBlocking(() -> newest(answer) >= post, false))
                .compose(shown -> shown ? Future.succeededFuture()
                        : channels.refreshLatest(channel, Duration.ZERO, Asker.background(channel.value())).mapEmpty());
    }

    private static long newest(Answer answer) {
        if (answer instanceof Answer.Cached ok && ok.status() == 200 && ok.stored().kind() == Answer.KIND_OK) {
            List<Post> posts = PageReader.body(ok.stored().raw()).posts();
            return posts.stream().mapToLong(Post::id).max().orElse(0);
        }
        return 0;
    }
}
