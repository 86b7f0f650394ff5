package tme.api.service;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tme.api.problem.Problem;
import tme.api.render.PostSlices;
import tme.coalescing.Asker;

/**
 * A walk back through a channel, one t.me page at a time, newest first: the latest page, then the posts before the
 * oldest post seen, until t.me offers nothing older. Each page is the cache entry {@code /v1/body/<channel>} or
 * {@code /v1/more/<channel>/before/<id>} answers ({@link ChannelService#walked}), so two walkers of a channel, or a
 * walker and a reader paging by hand, cost t.me one request per page; a load is charged to the walker and waits its
 * turn behind readers' misses. A page's posts are cut out of the stored answer on the worker pool, as stored
 * ({@link PostSlices}). The caller asks for the next page when it is ready for it (a slow reader, a GraphQL
 * connection's {@code first}): nothing is loaded ahead, and nothing is held beyond the page handed over.
 */
public final class HistoryWalk {

    private final ChannelService channels;

    public HistoryWalk(ChannelService channels) {
        this.channels = channels;
    }

    /** What one step of a walk gave. */
    public sealed interface Step {}

    /**
     * A page of posts.
     *
     * @param posts the page's posts past where it started, in the walk's order: newest first walking back
     *              ({@link #page}), oldest first walking on ({@link #newerPage})
     * @param next  where the next page starts, or empty at the channel's end (its first post walking back)
     */
    public record Page(List<PostSlices.Slice> posts, Optional<Position> next) implements Step {}

    /** The page could not be read: t.me, the gate or the walker's share said no (or the channel does not exist). */
    public record Stopped(Problem problem) implements Step {}

    /**
     * The page of {@code channel} before {@code before} ({@link Position#LATEST}: its newest), a load charged to
     * {@code asker}.
     */
    public Future<Step> page(ChannelName channel, Position before, Asker asker) {
        return channels.walked(channel, before, asker)
                .compose(answer -> step(answer, slices -> page(slices, before)));
    }

    /**
     * The page of {@code channel} after {@code after}, towards the newest post: its posts newer than {@code after},
     * oldest first, and where the next newer page starts.
     */
    public Future<Step> newerPage(ChannelName channel, Position after, Asker asker) {
        return channels.walkedNewer(channel, after, asker)
                .compose(answer -> step(answer, slices -> newer(slices, after)));
    }

    /** A page read: its posts cut out on the worker pool and made a step by {@code read}; a refusal stops the walk. */
    private Future<Step> step(Answer answer, java.util.function.Function<PostSlices, Step> read) {
        return switch (answer) {
            case Answer.Cached ok when ok.status() == 200 ->
                    channels.onWorker(() -> read.apply(PostSlices.of(ok.stored().raw())));
            case Answer.Cached notFound -> Future.succeededFuture(new Stopped(notFound.notFound()));
            case Answer.Failure failure -> Future.succeededFuture(new Stopped(failure.problem()));
        };
    }

    /** The page's posts newer than {@code after}, oldest first, and its newer cursor when it moves the walk on. */
    static Page newer(PostSlices slices, Position after) {
        List<PostSlices.Slice> oldestFirst = slices.posts().stream().filter(post -> post.id() > after.value()).toList();
        Integer newer = slices.after();
        Optional<Position> next = newer != null && newer > after.value() && newer <= Inputs.MAX_NUMBER
                && !oldestFirst.isEmpty() ? Optional.of(new Position(newer)) : Optional.empty();
        return new Page(oldestFirst, next);
    }

    /**
     * The page's posts older than {@code before}, newest first, and its older cursor when it moves the walk back: a
     * cursor that does not is t.me's end of the channel, never a loop.
     */
    static Page page(PostSlices slices, Position before) {
        int bound = before.latest() ? Integer.MAX_VALUE : before.value();
        List<PostSlices.Slice> newestFirst = new ArrayList<>(slices.posts().size());
        for (PostSlices.Slice post : slices.posts().reversed()) {
            if (post.id() < bound) {
                newestFirst.add(post);
            }
        }
        Integer older = slices.before();
        Optional<Position> next = older != null && older >= 1 && older < bound && !newestFirst.isEmpty()
                ? Optional.of(new Position(older)) : Optional.empty();
        return new Page(List.copyOf(newestFirst), next);
    }
}
