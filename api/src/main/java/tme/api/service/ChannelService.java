package tme.api.service;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.api.Ttls;
import tme.api.render.JsonRender;
import tme.api.render.ProblemJson;
import tme.cache.Encoded;
import tme.coalescing.CoalescingCache;
import tme.coalescing.Loaded;
import tme.coalescing.Result;
import tme.scraper.fetch.Direction;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.parse.ParserMode;

/**
 * The read use cases. Every answer comes from the cache of rendered JSON; on a miss (or near expiry) the page
 * is loaded once for all callers: fetched from t.me, parsed and rendered on the worker pool, stored. Channel
 * names arrive validated and lower-cased.
 */
public final class ChannelService {

    private final Pages pages;
    private final CoalescingCache cache;
    private final Keys keys;
    private final Ttls ttls;

    public ChannelService(Pages pages, CoalescingCache cache, ParserMode mode, Ttls ttls) {
        this.pages = pages;
        this.cache = cache;
        this.keys = new Keys(mode);
        this.ttls = ttls;
    }

    /** The latest page ({@code position == 0}) or the page around a post. */
    public Future<Answer> body(String channel, int position) {
        return cached(channel, keys.body(channel, position), position == 0 ? ttls.latest() : ttls.page(),
                () -> pages.channelPage(channel, position), page -> Outcome.ok(JsonRender.body(page)));
    }

    /** One post, taken from the page around it. */
    public Future<Answer> post(String channel, int id) {
        return cached(channel, keys.post(channel, id), ttls.page(),
                () -> pages.channelPage(channel, id), page -> findPost(page, channel, id));
    }

    /** Posts before or after a post; the anchor post itself is left out. Pages of newer posts grow, so they live shorter. */
    public Future<Answer> more(String channel, Direction direction, int position) {
        return cached(channel, keys.more(channel, direction, position), direction == Direction.AFTER ? ttls.latest() : ttls.page(),
                () -> pages.more(channel, direction, position),
                page -> Outcome.ok(JsonRender.more(withoutAnchor(page, position))));
    }

    /** The channel's public profile ({@code t.me/<channel>}). */
    public Future<Answer> preview(String channel) {
        return cached(channel, keys.preview(channel), ttls.preview(),
                () -> pages.preview(channel), preview -> Outcome.ok(JsonRender.preview(preview)));
    }

    /** Every counter of the read path by metric name, for {@code GET /metrics}. */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = cache.counters();
        all.putAll(pages.counters());
        return all;
    }

    private <T> Future<Answer> cached(String flow, String key, Duration freshFor, Supplier<Future<Outcome<T>>> load,
                                      Function<T, Outcome<byte[]>> render) {
        return cache.get(key, flow, context -> load.get().compose(outcome -> switch (outcome) {
            case Outcome.Ok<T> ok -> pages.onWorker(() -> loaded(render.apply(ok.value()), freshFor));
            case Outcome.Fail<T> fail -> Future.succeededFuture(loaded(fail));
        })).map(ChannelService::answer);
    }

    /** Answers and "not found" are stored; every other problem goes to the callers of this load only. */
    private Loaded loaded(Outcome<byte[]> outcome, Duration freshFor) {
        return switch (outcome) {
            case Outcome.Ok<byte[]> ok -> Loaded.value(Encoded.of(ok.value()), Answer.KIND_OK, freshFor);
            case Outcome.Fail<byte[]> fail -> loaded(fail);
        };
    }

    private Loaded loaded(Outcome.Fail<?> fail) {
        byte[] problem = ProblemJson.bytes(fail.problem());
        if (fail.negative()) {
            return Loaded.value(problem, Answer.KIND_NOT_FOUND, ttls.notFound());
        }
        return fail.shared() ? Loaded.sharedFailure(problem) : Loaded.localFailure(problem);
    }

    private static Answer answer(Result result) {
        return switch (result) {
            case Result.Found found -> new Answer.Cached(found.value(), found.source());
            case Result.Failed failed -> new Answer.Failure(ProblemJson.parse(failed.error()));
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
                return Outcome.ok(JsonRender.post(post));
            }
        }
        return Outcome.notFound(Problem.postNotFound(channel, id));
    }
}
