package tme.coalescing;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.cache.Level;
import tme.cache.Lookup;
import tme.cache.Staleness;
import tme.cache.Stored;
import tme.cache.TwoLevelCache;
import tme.redis.Counters;

/**
 * The read path: cache, then one load per key across all processes, with refresh ahead of expiry, stale answers
 * while revalidating or when loads fail, a per-key memo of failures, and a bound on waiting callers.
 *
 * <pre>
 * get(key) -> cache (L1 -> L2)
 *   fresh hit                          -> answer it (past its refresh point: + one background refresh)
 *   stale, within whileRevalidate      -> answer it at once (STALE); + one background refresh
 *   stale beyond it, or miss           -> failure remembered for the key? answer it (or the stale value)
 *                                      -> too many waiting? answer Shed (or the stale value)
 *                                      -> single-flight(key) -> lease -> load -> cache put -> answer;
 *                                         a failed load answers the stale value instead (stale-if-error)
 * </pre>
 *
 * Generic: keys are strings, values bytes; what a value means is the {@link Loader}'s business.
 */
public final class CoalescingCache {

    // Sweep finished refresh markers once this many keys have one, so keys never read again do not pile up.
    private static final int SWEEP_REFRESH_MARKERS_ABOVE = 10_000;
    private static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

    private final Parts parts;
    private final Staleness staleness;
    private final Supplier<Duration> retryAfter;
    private final SingleFlight<Result> flights = new SingleFlight<>();
    // key -> no new background refresh before this instant: Instant.MAX while one runs, errorTtl later after one
    // failed (so a failing upstream is not asked on every read). Absent: a refresh may start.
    private final ConcurrentMap<String, Instant> refreshes = new ConcurrentHashMap<>();
    // key -> the context of the flight running for it in this process, so a reader joining a background load can
    // raise it. Put before the flight's load starts, removed when it ends; a joiner arriving in between the
    // flight's start and the put raises nothing (a hint, not a guarantee).
    private final ConcurrentMap<String, LoadContext> running = new ConcurrentHashMap<>();
    private final ErrorMemo errors;
    private final Waiting waiting;

    private CoalescingCache(Parts parts, Supplier<Duration> retryAfter) {
        this.parts = parts;
        this.staleness = parts.cache().staleness();
        this.retryAfter = retryAfter;
        this.errors = new ErrorMemo(parts.config().errorTtl());
        this.waiting = new Waiting(parts.config().maxWaiting());
    }

    /** {@code leases}: {@link Leases#redis} on the cache's link, or {@link Leases#none()}; shed callers retry in 1s. */
    public static CoalescingCache create(TwoLevelCache cache, Leases leases, CoalescingConfig config,
                                         InstantSource clock, Vertx vertx) {
        return create(cache, leases, config, clock, vertx, () -> DEFAULT_RETRY_AFTER);
    }

    /**
     * As above; {@code retryAfter} tells a shed caller when to try again (the api passes the upstream gate's
     * estimate). Read once per shed answer, off no lock.
     */
    public static CoalescingCache create(TwoLevelCache cache, Leases leases, CoalescingConfig config,
                                         InstantSource clock, Vertx vertx, Supplier<Duration> retryAfter) {
        return new CoalescingCache(new Parts(cache, leases, config, clock, vertx,
                new Counters<>(Count.class, EnumSet.allOf(Count.class))), retryAfter);
    }

    /**
     * The value for {@code key}: cached, or loaded once by {@code loader} for every concurrent caller. A load this
     * starts is charged to {@code asker}'s client and belongs to its flow (a channel, one multi-channel request), so
     * the upstream gate can share its turns and budget between clients first, then between their flows; a load it
     * joins is not charged again. A refresh a hit sets off serves every reader of the key: it is background work.
     */
    public Future<Result> get(String key, Asker asker, Loader loader) {
        return get(key, asker, loader, Priority.USER);
    }

    /**
     * As {@link #get(String, Asker, Loader)}, a load it starts queued at {@code priority}: {@link Priority#BACKGROUND}
     * for a read that may wait its turn behind readers' misses (a walk through a channel's old pages), still charged to
     * {@code asker}. A reader joining that load raises it, as it raises a refresh.
     */
    public Future<Result> get(String key, Asker asker, Loader loader, Priority priority) {
        return decided(parts.cache().get(key), lookup -> switch (lookup) {
            case Lookup.Hit hit when hit.fresh() -> Future.succeededFuture(served(key, asker, loader, hit));
            case Lookup.Hit hit when withinRevalidation(hit) -> Future.succeededFuture(staleServed(key, asker, loader, hit));
            case Lookup.Hit hit -> waitFor(new LoadContext(key, asker, priority, Optional.of(hit.stored())), loader);
            case Lookup.Miss miss -> waitFor(new LoadContext(key, asker, priority, Optional.empty()), loader);
        });
    }

    /**
     * {@code decide} applied to {@code lookup}: at once when the lookup is done (an L1 hit, the hot path: no composed
     * future, no dispatch through the context), else when it completes (an L2 read).
     */
    private static Future<Result> decided(Future<Lookup> lookup, Function<Lookup, Future<Result>> decide) {
        return lookup.succeeded() ? decide.apply(lookup.result()) : lookup.compose(decide);
    }

    /** The two levels under this cache: where values are tagged and dropped ({@link TwoLevelCache#dropTagged}). */
    public TwoLevelCache levels() {
        return parts.cache();
    }

    /**
     * What {@link #get(String, Asker, Loader)} answers at once, with nothing to start, for a value L1 holds
     * fresh and short of its early-refresh point: that value ({@link Source#L1}), counted as that hit is; else null,
     * with nothing done or counted (then call {@code get}). The hot path of a hit, without a future, a lookup record
     * or the loader a miss would need.
     */
    public Stored freshHit(String key) {
        Instant now = parts.clock().instant();
        Stored stored = parts.cache().freshInL1(key, now);
        if (stored == null || refreshDue(key, stored, now)) {
            return null;
        }
        parts.cache().countL1Hit();
        return stored;
    }

    /**
     * As {@link #get(String, Asker, Loader)} for a reader with its own {@link Tolerance} of age, whatever lifetime
     * the value was stored with: younger than {@code freshFor}, the value as it is (no refresh: the value's own
     * readers refresh it on their timeline); younger than {@code usableFor}, the value at once ({@link Source#STALE})
     * and one background refresh, as within stale-while-revalidate; older, or missing, a wait for a load, with the
     * value kept standing in if that load fails (up to {@code MAX_STALE} past its own freshness).
     */
    public Future<Result> get(String key, Asker asker, Loader loader, Tolerance tolerance) {
        return decided(parts.cache().get(key), lookup -> {
            Instant now = parts.clock().instant();
            return switch (lookup) {
                case Lookup.Hit hit when tolerance.fresh(hit.stored(), now) ->
                        Future.succeededFuture(new Result.Found(hit.stored(), hit.level() == Level.L1 ? Source.L1 : Source.L2));
                case Lookup.Hit hit when tolerance.usable(hit.stored(), now) ->
                        Future.succeededFuture(staleServed(key, asker, loader, hit));
                case Lookup.Hit hit -> waitFor(new LoadContext(key, asker, Priority.USER, Optional.of(hit.stored())),
                        loader);
                case Lookup.Miss miss -> waitFor(new LoadContext(key, asker, Priority.USER, Optional.empty()), loader);
            };
        });
    }

    /**
     * Loads {@code key} again now, whatever its freshness, at background priority: a refresher keeping a key warm
     * for readers who have not asked yet. Joins a load of the key already running, goes through the lease (when
     * another process has just stored a value, that value is the answer, with no t.me request), hands the loader
     * the value it replaces, and answers the load's outcome. Not counted against the waiting limit (a refresher
     * bounds its own concurrency); a key that failed a moment ago answers that failure without a load. The load is
     * charged to {@code asker} (background work asks as {@link Asker#background}).
     *
     * <p>A value stored less than {@code youngEnough} ago is the answer, without a load ({@link Duration#ZERO}: always
     * load): a refresher that claimed a key while another process was loading it finds that load stored when it
     * comes to refresh, and does not load the key twice in a row.
     */
    public Future<Result> refresh(String key, Asker asker, Loader loader, Duration youngEnough) {
        Optional<LoadError> remembered = errors.recent(key, parts.clock().instant());
        if (remembered.isPresent()) {
            parts.counts().increment(Count.ERRORS_REMEMBERED);
            return Future.succeededFuture(new Result.Failed(remembered.get(), Source.LOAD));
        }
        return parts.cache().probe(key).compose(lookup -> {
            if (lookup instanceof Lookup.Hit hit && hit.stored().age(parts.clock().instant()).compareTo(youngEnough) < 0) {
                return Future.succeededFuture(new Result.Found(hit.stored(), hit.level() == Level.L1 ? Source.L1 : Source.L2));
            }
            Optional<Stored> previous = lookup instanceof Lookup.Hit hit ? Optional.of(hit.stored()) : Optional.empty();
            // Counted inside the flight: a refresh that joins one already running here starts nothing.
            return flights.run(key, () -> {
                parts.counts().increment(Count.REFRESHES_STARTED);
                return start(new LoadContext(key, asker, Priority.BACKGROUND, previous), loader).andThen(done -> {
                    if (!(done.succeeded() && done.result() instanceof Result.Found)) {
                        parts.counts().increment(Count.REFRESHES_FAILED);
                    }
                });
            });
        });
    }

    /**
     * Loads {@code key} again for a reader who cannot use {@code replacing} (a value it was answered, now too old
     * for what it needs, or refused by whoever it points at), unless a newer value is there already: another
     * request or process reloaded it since. A reader waits for this load, so it runs at user priority, but it
     * insists on the lease as a refresh does (a copy counts only when it is newer than {@code replacing}): 1000
     * callers at once, on any number of processes, cost one load. It joins a load of the key already running here.
     * A failed load, or a key that failed a moment ago, answers {@code replacing} ({@link Source#STALE}). The load is
     * charged to {@code asker}, who asked for it.
     */
    public Future<Result> reload(String key, Asker asker, Loader loader, Stored replacing) {
        if (errors.recent(key, parts.clock().instant()).isPresent()) {
            parts.counts().increment(Count.ERRORS_REMEMBERED);
            return Future.succeededFuture(staleFound(replacing));
        }
        return parts.cache().probe(key).compose(lookup -> {
            if (lookup instanceof Lookup.Hit hit && hit.stored().storedAt().isAfter(replacing.storedAt())) {
                return Future.succeededFuture(new Result.Found(hit.stored(), hit.level() == Level.L1 ? Source.L1 : Source.L2));
            }
            // Started as a refresh, so its lease claim insists, then raised: a reader waits for it.
            LoadContext context = new LoadContext(key, asker, Priority.BACKGROUND, Optional.of(replacing));
            Future<Result> flight = flights.run(key, () -> start(context, loader));
            // The flight running now (ours, or one this joined); ours when it has already ended: a load that ended
            // at once (nothing to wait for) was still the reader's, and its context says so.
            LoadContext flying = running.get(key);
            (flying != null ? flying : context).raise();
            return flight.map(result -> staleIfError(result, Optional.of(replacing)));
        });
    }

    /**
     * The whole read path's counters by metric name: the cache's levels and Redis ({@code cache.*},
     * {@code redis.*}), then loads, waits, takeovers, fallbacks, refreshes and stale answers, and the gauges
     * {@code coalescing.loads_in_flight} (loads and refreshes running in this process now) and
     * {@code coalescing.waiting} (callers waiting for them).
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(parts.cache().counters());
        all.putAll(parts.counts().snapshot());
        all.put("coalescing.coalesced", flights.joined());
        all.put("coalescing.loads_in_flight", (long) flights.inFlight());
        all.put("coalescing.waiting", (long) waiting.count());
        all.putAll(parts.leases().counters());
        return all;
    }

    /** Keys with a load (or refresh) running in this process now. */
    int loadsInFlight() {
        return flights.inFlight();
    }

    /**
     * Loads in flight plus early refreshes whose end is not yet recorded: a refresh's flight ends a moment before
     * its outcome is counted and its next start is held back, on whichever thread completed it.
     */
    int backgroundWork() {
        return flights.inFlight() + (int) refreshes.values().stream().filter(Instant.MAX::equals).count();
    }

    private Result served(String key, Asker asker, Loader loader, Lookup.Hit hit) {
        Stored stored = hit.stored();
        Instant now = parts.clock().instant();
        if (refreshDue(key, stored, now) && maybeRefresh(key, asker, loader, stored, now)) {
            parts.counts().increment(Count.EARLY_REFRESHES);
        }
        return new Result.Found(stored, hit.level() == Level.L1 ? Source.L1 : Source.L2);
    }

    /** Whether a fresh {@code stored} has reached its early-refresh point (a hit then starts a refresh). */
    private boolean refreshDue(String key, Stored stored, Instant now) {
        return mayBeInRefreshWindow(stored, now)
                && !now.isBefore(parts.config().freshness(stored.freshFor()).refreshAt(key, stored.storedAt()));
    }

    /** Stale-while-revalidate: the stale value now, and one refresh behind it like an early refresh's. */
    private Result staleServed(String key, Asker asker, Loader loader, Lookup.Hit hit) {
        parts.counts().increment(Count.STALE_SERVED);
        maybeRefresh(key, asker, loader, hit.stored(), parts.clock().instant());
        return new Result.Found(hit.stored(), Source.STALE);
    }

    private boolean withinRevalidation(Lookup.Hit hit) {
        return hit.staleFor().compareTo(staleness.whileRevalidate(hit.stored().freshFor())) < 0;
    }

    /**
     * Cheap test before hashing the key: no refresh point lies before the start of the window, so most hits
     * (fresh entries) skip the hash and the allocation on the hot path.
     */
    private boolean mayBeInRefreshWindow(Stored stored, Instant now) {
        Duration window = parts.config().freshness(stored.freshFor()).window();
        return !now.isBefore(stored.expiresAt().minus(window));
    }

    /**
     * A reader waits for a load (a miss, or a value stale beyond its revalidation window): unless the key failed
     * a moment ago or too many already wait, in which case it is answered at once.
     */
    private Future<Result> waitFor(LoadContext context, Loader loader) {
        String key = context.key();
        Optional<Stored> stale = context.previous().filter(this::withinMaxStale);
        Optional<LoadError> remembered = errors.recent(key, parts.clock().instant());
        if (remembered.isPresent()) {
            parts.counts().increment(Count.ERRORS_REMEMBERED);
            return Future.succeededFuture(stale.<Result>map(CoalescingCache::staleFound)
                    .orElseGet(() -> new Result.Failed(remembered.get(), Source.LOAD)));
        }
        if (!waiting.tryEnter()) {
            parts.counts().increment(Count.SHED);
            return Future.succeededFuture(stale.<Result>map(CoalescingCache::staleFound)
                    .orElseGet(() -> new Result.Shed(retryAfter.get())));
        }
        Future<Result> flight = flights.run(key, () -> start(context, loader));
        raiseJoined(key, context);
        return flight
                .andThen(done -> waiting.leave())
                .map(result -> staleIfError(result, stale));
    }

    /**
     * A reader that joined a running background load (a refresh) now waits for it: it becomes a user load. A joiner
     * queued at background priority itself (a walk) raises nothing.
     */
    private void raiseJoined(String key, LoadContext reader) {
        LoadContext flight = running.get(key);
        if (flight != null && flight != reader && !reader.background() && flight.raise()) {
            parts.counts().increment(Count.RAISED);
        }
    }

    /** Runs one flight's load, remembered while it runs (for raises) and, when it failed, for {@code errorTtl}. */
    private Future<Result> start(LoadContext context, Loader loader) {
        String key = context.key();
        running.put(key, context);
        return new LeasedLoad(parts, context, loader).run().andThen(done -> {
            running.remove(key, context);
            if (done.succeeded() && done.result() instanceof Result.Failed failed && failed.source() == Source.LOAD
                    && !failed.error().personal()) {
                errors.remember(key, failed.error(), parts.clock().instant());
            }
        });
    }

    /** A failed load answers the stale value instead (checked against {@code maxStale} when the wait began). */
    private Result staleIfError(Result result, Optional<Stored> stale) {
        if (!(result instanceof Result.Failed) || stale.isEmpty()) {
            return result;
        }
        parts.counts().increment(Count.STALE_IF_ERROR);
        return staleFound(stale.get());
    }

    /** Whether a stale value may stand in for a failed or refused load: at most {@code maxStale} past freshness. */
    private boolean withinMaxStale(Stored value) {
        Duration staleFor = Duration.between(value.expiresAt(), parts.clock().instant());
        return staleFor.compareTo(staleness.maxStale()) <= 0;
    }

    private static Result staleFound(Stored value) {
        return new Result.Found(value, Source.STALE);
    }

    /**
     * Starts one background refresh of {@code key}, unless one runs or the key failed a moment ago; true if started.
     * Charged to the background client in {@code reader}'s flow: it serves every reader of the key, and the one whose
     * hit passed the refresh point gets its answer without waiting for it.
     */
    private boolean maybeRefresh(String key, Asker reader, Loader loader, Stored replaced, Instant now) {
        if (errors.recent(key, now).isPresent() || !mayStartRefresh(key, now)) {
            return false;
        }
        parts.counts().increment(Count.REFRESHES_STARTED);
        LoadContext context = new LoadContext(key, reader.inBackground(), Priority.BACKGROUND, Optional.of(replaced));
        // Started on the loop's next turn, after the hit's answer is written: the lease claim, the gate and the
        // request to t.me are the refresh's work, not the reader's. Marked as running (above) at once, so no second
        // refresh starts meanwhile; a reader who misses meanwhile starts the flight and this joins it (one load).
        parts.vertx().runOnContext(ignored -> flights.run(key, () -> start(context, loader))
                .onComplete(done -> refreshed(key, done)));
        return true;
    }

    /** Marks a refresh as running unless one runs or failed a moment ago; true when the caller should start it. */
    private boolean mayStartRefresh(String key, Instant now) {
        Instant notBefore = refreshes.get(key);
        if (notBefore == null) {
            return refreshes.putIfAbsent(key, Instant.MAX) == null;
        }
        return !now.isBefore(notBefore) && refreshes.replace(key, notBefore, Instant.MAX);
    }

    /** A failed refresh keeps the old entry (nothing was written) and holds the next one back for errorTtl. */
    private void refreshed(String key, AsyncResult<Result> done) {
        if (done.succeeded() && done.result() instanceof Result.Found) {
            refreshes.remove(key);
            return;
        }
        parts.counts().increment(Count.REFRESHES_FAILED);
        Instant now = parts.clock().instant();
        refreshes.put(key, now.plus(parts.config().errorTtl()));
        if (refreshes.size() > SWEEP_REFRESH_MARKERS_ABOVE) {
            refreshes.values().removeIf(notBefore -> notBefore.isBefore(now));
        }
    }
}
