package tme.api.service;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tme.api.feed.Edits;
import tme.api.feed.MediaLinks;
import tme.api.problem.Problem;
import tme.api.render.DecodedCopies;
import tme.api.render.ProblemJson;
import tme.cache.Encoded;
import tme.coalescing.Asker;
import tme.coalescing.CoalescingCache;
import tme.coalescing.LoadContext;
import tme.coalescing.Loaded;
import tme.coalescing.Tolerance;
import tme.coalescing.refresh.Schedule;
import tme.redis.Counters;
import tme.scraper.parse.ParserMode;

/**
 * The multi-channel feed ({@code /v1/feed}, GraphQL {@code feed}): every channel's latest page (and with
 * {@code pages=N} the N-1 pages before it), ranked together.
 *
 * <ul>
 *   <li>A feed is one cache entry keyed by its normalised request ({@link FeedRequest}): identical requests, in any
 *       order or case, are built, ranked and rendered once (single-flight in a process, the lease across the fleet)
 *       and answered from the entry for {@code builtFor} ({@code CACHE_TTL_LATEST}), with its ETag, like any other
 *       answer; a feed with a channel that failed for a passing reason is kept only {@code UPSTREAM_ERROR_TTL}, as
 *       long as that failure is remembered anyway.</li>
 *   <li>A build reads each channel's latest page from the entry {@code /v1/body/<channel>} answers, judged by the
 *       feed's own {@code pages} tolerance (fresh for {@code FEED_FRESH_TTL}, then served while one refresh runs,
 *       up to {@code FEED_STALE_TTL}): a cold channel costs one t.me request, a warm one none. Its loads are one
 *       flow at the upstream gate, at most {@code parallelism} at once.</li>
 *   <li>A deeper feed ({@code pages=N}) reads each channel's older pages through the entries
 *       {@code /v1/more/<channel>/before/<id>} answers ({@link OlderPages}): a page loaded once serves every feed and
 *       client that reads it.</li>
 *   <li>Every request registers its channels, and its depth, with the refresh schedule, so refreshers keep them
 *       warm that deep.</li>
 * </ul>
 */
public final class FeedService {

    /**
     * How long things live.
     *
     * @param pages          how old a channel page the feed accepts ({@code FEED_FRESH_TTL}, {@code FEED_STALE_TTL})
     * @param builtFor       how long a built feed is fresh ({@code CACHE_TTL_LATEST}: it is made of latest pages)
     * @param afterFailureFor how long a feed with a passing failure in it is fresh ({@code UPSTREAM_ERROR_TTL})
     * @param notFoundFor    how long a reader feed of channels that do not exist answers 404 ({@code CACHE_TTL_NOT_FOUND})
     */
    public record Times(Tolerance pages, Duration builtFor, Duration afterFailureFor, Duration notFoundFor) {}

    private final ChannelService channels;
    private final OlderPages older;
    // FEED_MAX_PAGES: the deepest feed a request may ask for.
    private final int maxPages;
    private final CoalescingCache cache;
    private final Schedule schedule;
    private final Keys keys;
    private final Times times;
    private final InstantSource clock;
    private final WorkerExecutor workers;
    private final int parallelism;
    // PUBLIC_URL, when set: every reader feed's own URL and its media links start with it.
    private final Optional<String> publicUrl;
    private final MediaLinks links;
    // Whether reader feeds name the WebSub hub, at their own origin (PUBLIC_URL, else the request's).
    private volatile boolean hub;
    // Told of every feed built, so a change to one of its channels drops it; none until tagging(...).
    private volatile Optional<ChangedAnswers> changes = Optional.empty();
    // When posts were found edited, for the reader feeds' update dates; none until tagging(...).
    private volatile EditTimes edits = EditTimes.none();
    // Decoded copies of stored answers the builds read pages from: until readingPagesFrom(...), none kept (each build
    // decodes its pages).
    private volatile DecodedCopies decoded;
    /** The most the feed keys worked out are kept in, about (bytes). */
    static final long KEYS_BYTES = 2L << 20;
    private final Counters<FeedCount> counts = new Counters<>(FeedCount.class, EnumSet.allOf(FeedCount.class));
    // A feed's key digests its channels (SHA-256): worked out once per request a reader repeats, as the request is
    // (tme.api.http.ResolvedFeeds); equal requests (equal parts, the same filter) share it. At most KEYS_BYTES held.
    private final Cache<FeedRequest, String> keyOf = Caffeine.newBuilder()
            .executor(Runnable::run) // upkeep on the loop that asked
            .maximumWeight(KEYS_BYTES)
            .weigher((FeedRequest request, String key) -> request.weight() + 2 * key.length())
            .build();

    /**
     * Builds run on {@code workers}, each loading at most {@code parallelism} pages at once. With {@code publicUrl}
     * ({@code PUBLIC_URL}), reader feeds name it for their own URL (whatever host the request came to, so the one
     * shared entry names the right one) and send readers to its durable media links. A request may ask for each
     * channel's latest page and up to {@code maxPages - 1} before it ({@code FEED_MAX_PAGES}).
     */
    public FeedService(ChannelService channels, CoalescingCache cache, Schedule schedule, ParserMode mode,
                       Times times, InstantSource clock, WorkerExecutor workers, int parallelism,
                       Optional<java.net.URI> publicUrl, int maxPages) {
        this.older = new OlderPages(channels, workers);
        this.maxPages = maxPages;
        this.publicUrl = publicUrl.map(java.net.URI::toString);
        this.links = this.publicUrl.map(MediaLinks::at).orElse(MediaLinks.CDN);
        this.channels = channels;
        this.cache = cache;
        this.schedule = schedule;
        this.keys = new Keys(mode);
        this.times = times;
        this.clock = clock;
        this.workers = workers;
        this.decoded = DecodedCopies.bounded(0, workers);
        this.parallelism = parallelism;
    }

    /**
     * The feed, built once for every identical request; a build this request starts loads its cold channels charged
     * to {@code asker} (a flow of the request's own, {@link Asker#forRequest}, or a GraphQL query's).
     */
    public Future<Answer> feed(FeedRequest asked, Asker asker) {
        counts.increment(FeedCount.REQUESTS);
        FeedRequest request = publicUrl.filter(url -> asked.format() != FeedFormat.JSON).map(asked::at).orElse(asked);
        // Registered before any load, so the schedule has the names when the loads say they loaded them (a load
        // of a name not on the schedule leaves no trace). Costs a round trip only when this process has not told
        // Redis of these names lately; a registration never fails (a lost one is repeated by the next request).
        Future<Void> registered = schedule.register(request.names(), request.pages());
        // Told lately (nearly always): straight on, without a composition to build and complete per hit.
        return registered.succeeded() ? answer(request, asker) : registered.compose(done -> answer(request, asker));
    }

    private Future<Answer> answer(FeedRequest request, Asker asker) {
        return ChannelService.answered(cache.get(keyOf.get(request, keys::feed), asker,
                context -> build(request, context)));
    }

    /**
     * Reader feeds name the WebSub hub from now on, at {@code <origin>/websub}: {@code PUBLIC_URL} when set (a
     * request is asked at it, see {@link #feed(FeedRequest, Asker)}), else the request's own origin.
     */
    public FeedService withHub() {
        this.hub = true;
        return this;
    }

    /** {@code FEED_MAX_PAGES}: the most pages per channel a request may ask for ({@link FeedRequest#deep}). */
    public int maxPages() {
        return maxPages;
    }

    /**
     * Every feed built from now on is tagged with its channels, so an edit or a deletion in one drops it, and dates
     * the posts found edited ({@code edits}) as updated then.
     */
    public FeedService tagging(ChangedAnswers answers, EditTimes edits) {
        this.changes = Optional.of(answers);
        this.edits = edits;
        return this;
    }

    /** When the posts of {@code request}'s channels were found edited (none for a JSON feed, which has no such date). */
    Future<Edits> edits(FeedRequest request) {
        return request.format() == FeedFormat.JSON ? Future.succeededFuture(Edits.NONE)
                : edits.of(request.names());
    }

    /** {@code PUBLIC_URL}, when set: where readers reach this service (OPML files name feeds at it). */
    public Optional<String> publicUrl() {
        return publicUrl;
    }

    /** Where reader feeds send readers for media: t.me's URLs, or {@code PUBLIC_URL}'s durable links. */
    MediaLinks links() {
        return links;
    }

    /** The hub a reader feed of {@code request} names, or null. */
    String hubUrl(FeedRequest request) {
        return hub ? request.origin() + "/websub" : null;
    }

    /** {@code feed.*} counters by metric name. */
    public Map<String, Long> counters() {
        return counts.snapshot();
    }

    private Future<Loaded> build(FeedRequest request, LoadContext context) {
        counts.increment(FeedCount.BUILDS);
        changes.ifPresent(answers -> answers.built(request, context.key()));
        return Lanes.each(request.channels(), parallelism, channel -> read(channel, request.pages(), context.asker()),
                        bug -> ChannelPages.latestOnly(new Answer.Failure(Problem.internal())))
                .compose(read -> edits(request).compose(edited -> trees(read).compose(trees ->
                        workers.executeBlocking(() -> stored(FeedBuild.of(request, read, trees, clock.instant(), links,
                                hubUrl(request), edited), read), false))));
    }

    /**
     * Feeds read their channels' latest pages from {@code copies} from now on: each stored page decoded once and
     * shared with GraphQL, not decompressed and parsed again by every feed built from it.
     */
    public FeedService readingPagesFrom(DecodedCopies copies) {
        this.decoded = copies;
        return this;
    }

    /**
     * The decoded copy of each channel's latest page that answered 200, at its index in {@code read} (null for the
     * others); a copy not kept yet is decoded on this service's workers.
     */
    Future<List<Object>> trees(List<ChannelPages> read) {
        DecodedCopies copies = decoded;
        List<Future<Object>> trees = read.stream().map(channel ->
                channel.latest() instanceof Answer.Cached ok && ok.status() == 200
                        ? copies.of(ok.stored(), workers)
                        : Future.<Object>succeededFuture(null)).toList();
        return Future.all(trees).map(all -> trees.stream().map(Future::result).toList());
    }

    /** The channel's latest page, judged by the feed's tolerance, and the {@code pages - 1} pages before it. */
    private Future<ChannelPages> read(ChannelName channel, int pages, Asker asker) {
        return channels.latest(channel, asker, times.pages())
                .compose(latest -> older.before(channel, latest, pages - 1, asker));
    }

    private Loaded stored(FeedBuild built, List<ChannelPages> read) {
        counts.add(FeedCount.CHANNEL_ERRORS, read.stream().map(ChannelPages::latest)
                .filter(answer -> !(answer instanceof Answer.Cached ok && ok.status() == 200)).count());
        if (built.refusal() != null) {
            Problem refusal = built.refusal();
            return Problem.CHANNEL_NOT_FOUND.equals(refusal.code()) && !built.transientFailure()
                    ? Loaded.value(ProblemJson.bytes(refusal), Answer.KIND_NOT_FOUND, times.notFoundFor())
                    : Loaded.localFailure(new ProblemError(refusal));
        }
        return Loaded.value(Encoded.of(built.bytes()), Answer.KIND_OK,
                built.transientFailure() ? times.afterFailureFor() : times.builtFor());
    }
}
