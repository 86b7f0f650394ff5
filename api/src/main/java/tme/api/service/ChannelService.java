package tme.api.service;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.Optional;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import tme.api.problem.Problem;
import tme.api.render.JsonRender;
import tme.api.render.ProblemJson;
import tme.cache.Encoded;
import tme.cache.Stored;
import tme.coalescing.Asker;
import tme.coalescing.CoalescingCache;
import tme.coalescing.LoadContext;
import tme.coalescing.Loaded;
import tme.coalescing.Loader;
import tme.coalescing.Priority;
import tme.coalescing.Result;
import tme.coalescing.Source;
import tme.coalescing.Tolerance;
import tme.coalescing.refresh.Schedule;
import tme.scraper.fetch.Direction;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.parse.Anomaly;
import tme.scraper.parse.ParserMode;

/**
 * The read use cases. Every answer comes from the cache of rendered JSON; on a miss (or near expiry) the page
 * is loaded once for all callers: fetched from t.me through the gate, parsed and rendered on the worker pool,
 * stored. A channel known not to exist answers from its one "not found" entry without asking t.me, and a page
 * that lost all its posts since the last good copy is an anomaly, never stored. Inputs arrive as validated value
 * types. Every read takes who asked ({@link Asker}): the client a load it starts is charged to, and the flow the
 * gate shares its slots fairly within (the channel's own, or one a front end names for a whole request: a GraphQL
 * query); nothing fills it in.
 */
public final class ChannelService {

    private final Pages pages;
    private final CoalescingCache cache;
    private final MissingChannels missing;
    private final Keys keys;
    private final Ttls ttls;
    private final Schedule schedule;
    private final NewPosts newPosts;
    // Told of every page other than the latest this service loads, so an edit or a deletion drops them; none until
    // tagging(...).
    private volatile Optional<ChangedAnswers> changes = Optional.empty();

    /** {@code schedule}: the refresh schedule, told of every latest page loaded ({@code Schedule.none()} without Redis). */
    public ChannelService(Pages pages, CoalescingCache cache, MissingChannels missing, ParserMode mode, Ttls ttls,
                          Schedule schedule) {
        this(pages, cache, missing, mode, ttls, schedule, NewPosts.none());
    }

    /** As above; {@code newPosts} is told of every latest page loaded from t.me and the value it replaces. */
    public ChannelService(Pages pages, CoalescingCache cache, MissingChannels missing, ParserMode mode, Ttls ttls,
                          Schedule schedule, NewPosts newPosts) {
        this.newPosts = newPosts;
        this.pages = pages;
        this.cache = cache;
        this.missing = missing;
        this.keys = new Keys(mode);
        this.ttls = ttls;
        this.schedule = schedule;
    }

    /** Every page other than the latest loaded from now on is tagged with its channel, so a change drops it. */
    public ChannelService tagging(ChangedAnswers answers) {
        this.changes = Optional.of(answers);
        return this;
    }

    /**
     * The latest page ({@link Position#LATEST}) or the page around a post. A load is charged to {@code asker} (whose
     * client is worked out only then: a hit needs no one's name).
     */
    public Future<Answer> body(ChannelName channel, Position position, Asker asker) {
        String name = channel.value();
        if (position.latest()) {
            String key = keys.body(name, 0);
            return hitOr(key, () -> cache.get(key, asker, latestPage(name)));
        }
        int at = position.value();
        String key = keys.body(name, at);
        return hitOr(key, () -> cache.get(key, asker, tagged(name, loader(name, ttls.page(),
                load -> pages.channelPage(load, name, at), page -> page.posts().isEmpty(),
                page -> Outcome.ok(JsonRender.body(page))))));
    }

    /**
     * The latest page, the entry {@code /v1/body/<channel>} answers, as a reader with its own {@code tolerance} of
     * age reads it (the feed: fresh for {@code FEED_FRESH_TTL}, then usable while one refresh runs up to
     * {@code FEED_STALE_TTL}; the media links and streams: any stored copy), a load charged to {@code asker}.
     */
    public Future<Answer> latest(ChannelName channel, Asker asker, Tolerance tolerance) {
        String name = channel.value();
        return answered(cache.get(keys.body(name, 0), asker, latestPage(name), tolerance));
    }

    /**
     * Loads the latest page again now, at background priority, whatever its freshness (the refresher, a server's own
     * loads, a WebSub delivery waiting for a post): through the same key, loader, lease and gate as
     * {@code /v1/body/<channel>}, charged to {@code asker} ({@link Asker#background}); a page stored less than
     * {@code youngEnough} ago (by another process, a moment ago) is the answer, without a t.me request.
     */
    public Future<Answer> refreshLatest(ChannelName channel, Duration youngEnough, Asker asker) {
        String name = channel.value();
        return answered(cache.refresh(keys.body(name, 0), asker, latestPage(name), youngEnough));
    }

    /** One post, taken from the page around it; a load charged to {@code asker}. */
    public Future<Answer> post(ChannelName channel, PostId id, Asker asker) {
        String key = keys.post(channel.value(), id.value());
        return hitOr(key, () -> cache.get(key, asker, postLoader(channel, id)));
    }

    /**
     * The entry {@code /v1/post} answers, as a reader with its own {@code tolerance} of age reads it (the media
     * links: any stored copy, whose age they judge themselves), a load charged to {@code asker}.
     */
    public Future<Answer> post(ChannelName channel, PostId id, Asker asker, Tolerance tolerance) {
        return answered(cache.get(keys.post(channel.value(), id.value()), asker, postLoader(channel, id), tolerance));
    }

    /**
     * Loads the post's entry again for a reader who cannot use {@code replacing} (its media links went stale),
     * unless a newer copy is stored already: one t.me request for the fleet however many ask at once, charged to
     * {@code asker}.
     */
    public Future<Answer> reloadPost(ChannelName channel, PostId id, Asker asker, Stored replacing) {
        return answered(cache.reload(keys.post(channel.value(), id.value()), asker, postLoader(channel, id), replacing));
    }

    /** As {@link #reloadPost}, for the latest page (the channel's avatar link). */
    public Future<Answer> reloadLatest(ChannelName channel, Asker asker, Stored replacing) {
        String name = channel.value();
        return answered(cache.reload(keys.body(name, 0), asker, latestPage(name), replacing));
    }

    /** A post's loader: the page around it from t.me, the post taken from it. */
    private Loader postLoader(ChannelName channel, PostId id) {
        String name = channel.value();
        int at = id.page().value();
        return loader(name, ttls.page(), load -> pages.channelPage(load, name, at), page -> page.posts().isEmpty(),
                page -> findPost(page, name, id.value()));
    }

    /**
     * Posts before or after a post; the anchor post itself is left out. Pages of newer posts grow, so they live
     * shorter. A load is charged to {@code asker}.
     */
    public Future<Answer> more(ChannelName channel, Direction direction, Position position, Asker asker) {
        String name = channel.value();
        int at = position.value();
        String key = keys.more(name, direction, at);
        return hitOr(key, () -> cache.get(key, asker, moreLoader(name, direction, at)));
    }

    /**
     * A page of a walk back through the channel ({@link HistoryWalk}): the latest page ({@link Position#LATEST}, the
     * entry {@code /v1/body/<channel>} answers) or the posts before a post (the entry
     * {@code /v1/more/<channel>/before/<id>} answers), so walkers and readers share one t.me request per page. A load
     * is charged to {@code asker} and waits its turn behind readers' misses ({@link Priority#BACKGROUND}).
     */
    public Future<Answer> walked(ChannelName channel, Position before, Asker asker) {
        String name = channel.value();
        if (before.latest()) {
            return answered(cache.get(keys.body(name, 0), asker, latestPage(name), Priority.BACKGROUND));
        }
        int at = before.value();
        return answered(cache.get(keys.more(name, Direction.BEFORE, at), asker, moreLoader(name, Direction.BEFORE, at),
                Priority.BACKGROUND));
    }

    /**
     * As {@link #walked}, the other way: the posts after a post (the entry {@code /v1/more/<channel>/after/<id>}
     * answers), for a walk towards the newest post (a GraphQL connection's {@code last} and {@code before}).
     */
    public Future<Answer> walkedNewer(ChannelName channel, Position after, Asker asker) {
        String name = channel.value();
        int at = after.value();
        return answered(cache.get(keys.more(name, Direction.AFTER, at), asker, moreLoader(name, Direction.AFTER, at),
                Priority.BACKGROUND));
    }

    /** A "more" page's loader: newer pages grow, so they live as the latest page; older pages are stable. */
    private Loader moreLoader(String name, Direction direction, int at) {
        return tagged(name, loader(name, direction == Direction.AFTER ? ttls.latest() : ttls.old(),
                load -> pages.more(load, name, direction, at), page -> page.posts().isEmpty(),
                page -> Outcome.ok(JsonRender.more(name, withoutAnchor(page, at)))));
    }

    /** Runs {@code work} on the worker pool (reading stored answers: decompressing, slicing). */
    <T> Future<T> onWorker(java.util.concurrent.Callable<T> work) {
        return pages.onWorker(work);
    }

    /**
     * t.me's search inside the channel ({@code t.me/s/<channel>?q=...}): the matching posts as a {@code /v1/body}
     * answer, the newest ones or those before {@code before}, a load charged to {@code asker}. One entry per channel,
     * normalised query and position, fresh for {@code CACHE_TTL_SEARCH}; no match is an answer without posts (t.me's
     * "No posts found" for this query), and a refresh that finds none where the last copy had some is an anomaly.
     */
    public Future<Answer> search(ChannelName channel, SearchQuery query, Position before, Asker asker) {
        String name = channel.value();
        int at = before.value();
        return answered(cache.get(keys.search(name, query, at), asker, tagged(name, loader(name, ttls.search(),
                load -> pages.search(load, name, query, at), page -> page.posts().isEmpty(),
                page -> Outcome.ok(JsonRender.body(page))))));
    }

    /** The channel's public profile ({@code t.me/<channel>}), a load charged to {@code asker}. */
    public Future<Answer> preview(ChannelName channel, Asker asker) {
        String name = channel.value();
        String key = keys.preview(name);
        return hitOr(key, () -> cache.get(key, asker, loader(name, ttls.preview(),
                load -> pages.preview(load, name), preview -> false, preview -> Outcome.ok(JsonRender.preview(name, preview)))));
    }

    /** Every counter of the read path by metric name, for {@code GET /metrics}. */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = cache.counters();
        all.putAll(pages.counters());
        all.putAll(missing.counters());
        return all;
    }

    /**
     * The latest page's loader, shared by every reader of its entry ({@code /v1/body}, GraphQL, the feed, the
     * refresher): each page it loads from t.me tells the refresh schedule, so a refresh due within the next half
     * interval is skipped, whoever loaded it.
     */
    private Loader latestPage(String name) {
        return loader(name, ttls.latest(), load -> pages.channelPage(load, name, 0).andThen(done -> {
            if (done.succeeded() && done.result() instanceof Outcome.Ok<ChannelPage> ok) {
                schedule.loaded(name);
                newPosts.loaded(name, ok.value(), load.previous(), load.settled());
            }
        }), page -> page.posts().isEmpty(), page -> Outcome.ok(JsonRender.body(page)));
    }

    /** {@code loader}, its key tagged as one of {@code channel}'s pages ({@link ChangedAnswers}) as it loads. */
    private Loader tagged(String channel, Loader loader) {
        // Tagged once the load has a value to store: a failure stores nothing, so it leaves no tag behind either.
        return context -> loader.load(context).andThen(done -> {
            if (done.succeeded() && done.result() instanceof Loaded.Value) {
                changes.ifPresent(answers -> answers.pageLoaded(channel, context.key()));
            }
        });
    }

    /**
     * One load of a key: the channel's "not found" entry if there is one, else t.me through {@code load}, checked
     * against the last good copy, rendered on the worker pool.
     *
     * @param noPosts whether a loaded page shows no posts at all (an answer, unless the last good copy had some)
     */
    private <T> Loader loader(String channel, Duration freshFor, Function<LoadContext, Future<Outcome<T>>> load,
                              Predicate<T> noPosts, Function<T, Outcome<byte[]>> render) {
        return context -> missing.known(channel).compose(known -> known.isPresent()
                ? Future.succeededFuture(known.get())
                : load.apply(context).compose(outcome -> switch (outcome) {
                    case Outcome.Ok<T> ok when noPosts.test(ok.value()) && hadPosts(context) ->
                            Future.succeededFuture(loaded(Outcomes.anomaly(Anomaly.POSTS_VANISHED,
                                    "no posts where the last good copy had some", channel, pages.stats()))
                                    .withTimings(ok.timings()));
                    case Outcome.Ok<T> ok -> pages.onWorker(() -> rendered(ok, render, freshFor, noPosts));
                    case Outcome.Fail<T> fail -> Future.succeededFuture(failed(channel, fail).withTimings(fail.timings()));
                }));
    }

    /**
     * A fresh L1 hit's answer at once ({@link CoalescingCache#freshHit}: nothing built for a load that will not run),
     * else {@code get}'s.
     */
    private Future<Answer> hitOr(String key, Supplier<Future<Result>> get) {
        Stored hit = cache.freshHit(key);
        return hit != null ? Future.succeededFuture(answer(new Result.Found(hit, Source.L1))) : answered(get.get());
    }

    /** The answer to {@code result}: at once for one already there (a hit: no mapped future, no dispatch). */
    static Future<Answer> answered(Future<Result> result) {
        return result.succeeded() ? Future.succeededFuture(answer(result.result())) : result.map(ChannelService::answer);
    }

    /** Renders and compresses a loaded page (on the worker pool), timed as the load's last step. */
    private <T> Loaded rendered(Outcome.Ok<T> ok, Function<T, Outcome<byte[]>> render, Duration freshFor,
                                Predicate<T> noPosts) {
        long began = System.nanoTime();
        Loaded loaded = loaded(render.apply(ok.value()), freshFor, noPosts.test(ok.value()));
        return loaded.withTimings(ok.timings().and(LoadSteps.RENDER, LoadSteps.since(began)));
    }

    /** The value a refresh replaces held posts (or a post): an empty page now is t.me's surprise, not news. */
    /** Whether the last good copy the load replaces had posts (a page with none now is then t.me's surprise). */
    static boolean hadPosts(LoadContext context) {
        return context.previous().map(previous -> previous.kind() == Answer.KIND_OK).orElse(false);
    }

    /** Answers and "not found" are stored; every other problem goes to the callers of this load only. */
    private Loaded loaded(Outcome<byte[]> outcome, Duration freshFor, boolean noPosts) {
        return switch (outcome) {
            case Outcome.Ok<byte[]> ok ->
                    Loaded.value(Encoded.of(ok.value()), noPosts ? Answer.KIND_EMPTY : Answer.KIND_OK, freshFor);
            case Outcome.Fail<byte[]> fail -> loaded(fail);
        };
    }

    /** A failed load; a channel t.me says does not exist is remembered for every route of that channel. */
    private Loaded failed(String channel, Outcome.Fail<?> fail) {
        Loaded loaded = loaded(fail);
        if (fail.negative() && Problem.CHANNEL_NOT_FOUND.equals(fail.problem().code())
                && loaded instanceof Loaded.Value value) {
            missing.remember(channel, value);
        }
        return loaded;
    }

    /** A "not found" is an answer, stored as its problem JSON; any other problem stays a value for this load's callers. */
    private Loaded loaded(Outcome.Fail<?> fail) {
        if (fail.negative()) {
            return Loaded.value(ProblemJson.bytes(fail.problem()), Answer.KIND_NOT_FOUND, ttls.notFound());
        }
        ProblemError error = new ProblemError(fail.problem());
        return fail.shared() ? Loaded.sharedFailure(error) : Loaded.localFailure(error);
    }

    /** A cache result as a front end reads it: the stored bytes, or the problem. */
    static Answer answer(Result result) {
        return switch (result) {
            case Result.Found found -> new Answer.Cached(found.value(), found.source(), found.timings());
            case Result.Failed failed -> new Answer.Failure(ProblemError.of(failed.error()), failed.timings());
            case Result.Shed shed -> new Answer.Failure(Problem.overloaded(shed.retryAfter()));
        };
    }

    /** t.me includes the anchor post in some answers; a client paging with cursors must not see it twice. */
    private static MorePage withoutAnchor(MorePage page, int anchor) {
        return new MorePage(page.posts().stream().filter(post -> post.id() != anchor).toList(), page.offset());
    }

    private static Outcome<byte[]> findPost(ChannelPage page, String channel, int id) {
        for (Post post : page.posts()) {
            if (post.id() == id) {
                return Outcome.ok(JsonRender.post(channel, post));
            }
        }
        return Outcome.notFound(Problem.postNotFound(channel, id));
    }
}
