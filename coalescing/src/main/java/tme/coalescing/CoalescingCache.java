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
import tme.cache.Counters;
import tme.cache.Level;
import tme.cache.Lookup;
import tme.cache.Stored;
import tme.cache.TwoLevelCache;

/**
 * The read path: cache, then one load per key across all processes, with refresh ahead of expiry.
 *
 * <pre>
 * get(key) -> cache (L1 -> L2)
 *   fresh hit                  -> answer it
 *   hit past its refresh point -> answer it; start one background refresh (single-flight -> lease -> load)
 *   miss                       -> single-flight(key) -> lease -> load -> cache put -> answer
 * </pre>
 *
 * Generic: keys are strings, values bytes; what a value means is the {@link Loader}'s business.
 */
public final class CoalescingCache {

    // Sweep finished refresh markers once this many keys have one, so keys never read again do not pile up.
    private static final int SWEEP_REFRESH_MARKERS_ABOVE = 10_000;

    private final Parts parts;
    private final SingleFlight<Result> flights = new SingleFlight<>();
    // key -> no new background refresh before this instant: Instant.MAX while one runs, a little later after
    // one failed (so a failing upstream is not asked on every read). Absent: a refresh may start.
    private final ConcurrentMap<String, Instant> refreshes = new ConcurrentHashMap<>();

    private CoalescingCache(Parts parts) {
        this.parts = parts;
    }

    /** {@code leases}: {@link Leases#redis} on the cache's link, or {@link Leases#none()}. */
    public static CoalescingCache create(TwoLevelCache cache, Leases leases, CoalescingConfig config,
                                         InstantSource clock, Vertx vertx) {
        return new CoalescingCache(new Parts(cache, leases, config, clock, vertx,
                new Counters<>(Count.class, EnumSet.allOf(Count.class))));
    }

    /**
     * The value for {@code key}: cached, or loaded once by {@code loader} for every concurrent caller. {@code flow}
     * says whom the load is for (a channel, one multi-channel request), so the upstream gate can share fairly.
     */
    public Future<Result> get(String key, String flow, Loader loader) {
        return parts.cache().get(key).compose(lookup -> switch (lookup) {
            case Lookup.Hit hit -> Future.succeededFuture(served(key, flow, loader, hit));
            case Lookup.Miss miss -> flights.run(key, () -> new LeasedLoad(parts,
                    new LoadContext(key, flow, Priority.USER, Optional.empty()), loader).run());
        });
    }

    /**
     * The whole read path's counters by metric name: the cache's levels and Redis ({@code cache.*},
     * {@code redis.*}), then loads, waits, takeovers, fallbacks and refreshes, and the gauge
     * {@code coalescing.loads_in_flight} (loads and refreshes running in this process now).
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(parts.cache().counters());
        all.putAll(parts.counts().snapshot());
        all.put("coalescing.coalesced", flights.joined());
        all.put("coalescing.loads_in_flight", (long) flights.inFlight());
        all.putAll(parts.leases().counters());
        return all;
    }

    /** Keys with a load (or refresh) running in this process now. */
    int loadsInFlight() {
        return flights.inFlight();
    }

    private Result served(String key, String flow, Loader loader, Lookup.Hit hit) {
        Stored stored = hit.stored();
        Instant now = parts.clock().instant();
        if (mayBeInRefreshWindow(stored, now)) {
            Instant refreshAt = parts.config().freshness(stored.freshFor()).refreshAt(key, stored.storedAt());
            if (!now.isBefore(refreshAt) && mayStartRefresh(key, now)) {
                refresh(key, flow, loader, stored);
            }
        }
        return new Result.Found(stored, hit.level() == Level.L1 ? Source.L1 : Source.L2);
    }

    /**
     * Cheap test before hashing the key: no refresh point lies before the start of the window, so most hits
     * (fresh entries) skip the hash and the allocation on the hot path.
     */
    private boolean mayBeInRefreshWindow(Stored stored, Instant now) {
        Duration window = parts.config().freshness(stored.freshFor()).window();
        return !now.isBefore(stored.expiresAt().minus(window));
    }

    private void refresh(String key, String flow, Loader loader, Stored stale) {
        parts.counts().increment(Count.REFRESHES_STARTED);
        LoadContext context = new LoadContext(key, flow, Priority.BACKGROUND, Optional.of(stale));
        flights.run(key, () -> new LeasedLoad(parts, context, loader).run())
                .onComplete(done -> refreshed(key, done));
    }

    /** Marks a refresh as running unless one runs or failed a moment ago; true when the caller should start it. */
    private boolean mayStartRefresh(String key, Instant now) {
        Instant notBefore = refreshes.get(key);
        if (notBefore == null) {
            return refreshes.putIfAbsent(key, Instant.MAX) == null;
        }
        return !now.isBefore(notBefore) && refreshes.replace(key, notBefore, Instant.MAX);
    }

    /** A failed refresh keeps the old entry (nothing was written) and holds the next one back a little. */
    private void refreshed(String key, AsyncResult<Result> done) {
        if (done.succeeded() && done.result() instanceof Result.Found) {
            refreshes.remove(key);
            return;
        }
        parts.counts().increment(Count.REFRESHES_FAILED);
        Instant now = parts.clock().instant();
        refreshes.put(key, now.plus(parts.config().refreshRetryAfter()));
        if (refreshes.size() > SWEEP_REFRESH_MARKERS_ABOVE) {
            refreshes.values().removeIf(notBefore -> notBefore.isBefore(now));
        }
    }
}
