package tme.api.graphql;

import graphql.execution.DataFetcherResult;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.render.PostSlices;
import tme.api.render.StoredJson;
import tme.api.service.ChannelName;
import tme.api.service.HistoryWalk;
import tme.api.service.Position;
import tme.coalescing.Asker;

/**
 * {@code channel(name:) { posts(first:, after:, last:, before:) }}: a channel's posts, newest first, as a Relay
 * connection stitched across t.me's pages by the walk {@code /v1/history} uses ({@link HistoryWalk}), from the same
 * cache entries. {@code first} (default 20) posts older than {@code after} (none: from the newest), or {@code last}
 * posts newer than {@code before}, the nearest to it; at most {@link #MAX} either way. One page more than the posts
 * is read, to tell whether more follow ({@code hasNextPage}, {@code hasPreviousPage}).
 */
final class PostConnections {

    /** The most posts one connection answers. */
    static final int MAX = 100;
    static final int DEFAULT = 20;

    private final HistoryWalk walk;
    private final WorkerExecutor workers;

    /** {@code workers}: where posts are decoded (never an event loop, where a walk's pages may complete). */
    PostConnections(HistoryWalk walk, WorkerExecutor workers) {
        this.walk = walk;
        this.workers = workers;
    }

    /** {@code channel(name:)}: the name checked; its fields load what they need. */
    DataFetcher<Map<String, Object>> channel() {
        return env -> Map.of("name", ChannelName.parse("name", env.getArgument("name")).value());
    }

    /** t.me pages a connection of {@code size} posts may read: its posts' pages, one to find the next, and a seam. */
    static int pages(int size) {
        return (size + 1 + 19) / 20 + 1;
    }

    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> posts() {
        return env -> {
            ChannelName channel = ChannelName.parse("name",
                    env.<Map<String, Object>>getSource().get("name").toString());
            Asker asker = QueryState.of(env).asker();
            QueryState.of(env).reads().uncacheable(); // stitched from many entries: no one freshness to promise
            boolean backward = env.getArgument("last") != null || env.getArgument("before") != null;
            Future<Map<String, Object>> connection = backward ? backward(env, channel, asker)
                    : forward(env, channel, asker);
            return connection.map(value -> DataFetcherResult.newResult().data((Object) value).build())
                    .recover(failure -> failure instanceof Stop stop
                            ? Future.succeededFuture(DataFetcherResult.newResult()
                                    .error(Errors.of(env, stop.problem)).build())
                            : Future.failedFuture(failure))
                    .toCompletionStage().toCompletableFuture();
        };
    }

    private Future<Map<String, Object>> forward(DataFetchingEnvironment env, ChannelName channel, Asker asker) {
        int first = size(env, "first");
        String after = env.getArgument("after");
        PostCursors from = after == null ? null : PostCursors.read("after", after);
        int below = from == null ? Integer.MAX_VALUE : from.post().value();
        return collect(position -> walk.page(channel, position, asker), from == null ? Position.LATEST : from.page(),
                post -> post.id() < below, first + 1, new ArrayList<>())
                .compose(walked -> {
                    List<Placed> posts = walked.posts();
                    boolean more = posts.size() > first || walked.more();
                    return decoded(posts.subList(0, Math.min(first, posts.size())), more, after != null);
                });
    }

    private Future<Map<String, Object>> backward(DataFetchingEnvironment env, ChannelName channel, Asker asker) {
        if (env.getArgument("first") != null || env.getArgument("after") != null) {
            throw invalid(env.getArgument("first") != null ? "first" : "after",
                    "first and after page back (older posts), last and before page on (newer): not both at once");
        }
        String before = env.getArgument("before");
        if (before == null) {
            throw invalid("last", "last is read with before (a cursor): the oldest posts of a channel are a walk"
                    + " through all of it; page with first and after instead");
        }
        int last = size(env, "last");
        PostCursors from = PostCursors.read("before", before);
        return collect(position -> walk.newerPage(channel, position, asker), from.post(), post -> true, last + 1,
                new ArrayList<>())
                .compose(walked -> {
                    List<Placed> nearest = new ArrayList<>(walked.posts().subList(0,
                            Math.min(last, walked.posts().size())));
                    boolean newer = walked.posts().size() > last || walked.more();
                    return decoded(nearest.reversed(), true, newer);
                });
    }

    /**
     * Pages from {@code at} until {@code need} posts that {@code keep} are in {@code posts} or the channel ends; each
     * post placed on the page it was read from.
     */
    private Future<Walked> collect(Function<Position, Future<HistoryWalk.Step>> page, Position at,
                                   Predicate<PostSlices.Slice> keep, int need, List<Placed> posts) {
        return page.apply(at).compose(step -> switch (step) {
            case HistoryWalk.Stopped stopped -> Future.failedFuture(new Stop(stopped.problem()));
            case HistoryWalk.Page found -> {
                found.posts().stream().filter(keep).forEach(post -> posts.add(new Placed(post, at)));
                yield posts.size() >= need || found.next().isEmpty()
                        ? Future.succeededFuture(new Walked(posts, found.next().isPresent()))
                        : collect(page, found.next().get(), keep, need, posts);
            }
        });
    }

    /** {@link #connection}, made on the worker pool: decoding a hundred posts is no event loop's work. */
    private Future<Map<String, Object>> decoded(List<Placed> posts, boolean hasNext, boolean hasPrevious) {
        return workers.executeBlocking(() -> connection(posts, hasNext, hasPrevious), false);
    }

    /** The connection's value: edges of decoded posts, newest first, and its page info. */
    private static Map<String, Object> connection(List<Placed> posts, boolean hasNext, boolean hasPrevious) {
        List<Object> edges = new ArrayList<>(posts.size());
        for (Placed post : posts) {
            edges.add(Map.of("cursor", post.cursor(), "node", StoredJson.decode(post.post().json())));
        }
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("hasNextPage", hasNext);
        info.put("hasPreviousPage", hasPrevious);
        info.put("startCursor", posts.isEmpty() ? null : posts.getFirst().cursor());
        info.put("endCursor", posts.isEmpty() ? null : posts.getLast().cursor());
        Map<String, Object> connection = new LinkedHashMap<>();
        connection.put("edges", edges);
        connection.put("pageInfo", info);
        return connection;
    }

    private static int size(DataFetchingEnvironment env, String argument) {
        Integer size = env.getArgument(argument);
        if (size == null) {
            return DEFAULT;
        }
        if (size < 1 || size > MAX) {
            throw invalid(argument, argument + " must be an integer from 1 to " + MAX + ": " + size);
        }
        return size;
    }

    private static InvalidInput invalid(String argument, String detail) {
        return new InvalidInput(Problem.invalid(argument, detail));
    }

    /** Posts walked, and whether the channel goes on past them. */
    private record Walked(List<Placed> posts, boolean more) {}

    /**
     * A post and the page it was read from. A page of newer posts ("more after") is no page to walk back from: a
     * post read there is placed on the page before the id above it, which holds it first.
     */
    private record Placed(PostSlices.Slice post, Position page) {

        String cursor() {
            boolean walkedBack = page.latest() || page.value() > post.id();
            return PostCursors.of(post.id(), walkedBack ? page : new Position(post.id() + 1));
        }
    }

    /** A page the walk could not read: the field's error. */
    private static final class Stop extends RuntimeException {
        final transient Problem problem;

        Stop(Problem problem) {
            super(problem.detail(), null, false, false);
            this.problem = problem;
        }
    }
}
