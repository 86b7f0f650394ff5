package tme.cache;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import tme.cache.MemoryCache.Held;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * A {@code String key -> Stored} cache: this process's memory (L1) first, then the shared L2 (Redis).
 *
 * <ul>
 *   <li>An L1 hit answers at once and never waits on Redis.</li>
 *   <li>Concurrent L1 misses for one key share one L2 read (an in-flight map, emptied on completion).</li>
 *   <li>Both levels keep a value past its freshness, until {@code expiresAt + keepFor} (see {@link Staleness});
 *       a lookup answers such a value as a stale {@link Lookup.Hit} ({@code fresh()} is false). Redis's TTL
 *       ({@code PX}) is the freshness left plus {@code keepFor}.</li>
 *   <li>An L1 copy of an L2 value, fresh or stale, lives for its remaining time, but at most {@code l1MaxTtl},
 *       so this process sees within that time what another one wrote to Redis (a refresh of a stale entry
 *       included). Without L2, or while it is unavailable, L1 keeps values for their full life. While this process
 *       follows the others' changes ({@link #followChanges}) on a subscription unbroken since the copy was taken,
 *       every change of its key replaces or drops it at once, and the copy lives its full life: a key read less
 *       often than the cap is not read from Redis again at every cap (a fleet's most common reads were such
 *       repeats). A subscription lost or renewed since brings each such copy's cap back.</li>
 *   <li>A copy so capped and read in the last half of its L1 life is answered at once and checked against L2 once,
 *       in the background, by the stored time in the header of L2's value (no payload moves): the same value is held
 *       for another {@code l1MaxTtl} while it stays fresh, a newer one is read and replaces it; otherwise the copy
 *       lives to its cap. A key read that often never waits for Redis while it stays fresh, and no copy lives past
 *       its cap unchecked.</li>
 *   <li>A copy arriving from L2 never replaces a value stored later, e.g. put while the read was in flight.</li>
 *   <li>Nothing fails because L2 is down: it is a miss, counted (see {@link #counters()}).</li>
 * </ul>
 */
public final class TwoLevelCache {

    private static final System.Logger LOG = System.getLogger(TwoLevelCache.class.getName());

    private final MemoryCache l1;
    private final L2 l2;
    private final InstantSource clock;
    // L2 failures (bugs: Redis being unavailable is a miss, not a failure): one line a minute per kind.
    private final RepeatLog failures;
    private final Duration l1MaxTtl;
    // How long before its cap a capped copy's readers start checking it against L2 in the background.
    private final long checkAheadMillis;
    private final Staleness staleness;
    private final Counters<Counter> counters = new Counters<>(Counter.class,
            EnumSet.of(Counter.L1_HITS, Counter.L2_HITS, Counter.MISSES, Counter.PUTS, Counter.L1_CHECKS,
                    Counter.L1_PUSHED));
    // One L2 read per key at a time; an entry is removed by the read that put it there.
    private final Map<String, InFlightRead> inFlight = new ConcurrentHashMap<>();
    private final Tags localTags = new Tags();
    // Told (value, its successor or null) when a value leaves L1 (onDeparted).
    private volatile BiConsumer<Stored, Stored> departed = (value, successor) -> { };

    private TwoLevelCache(CacheConfig config, InstantSource clock, L2 l2) {
        this.l1 = new MemoryCache(config.memoryMaxBytes(), clock, l2::followEpoch, this::tellDeparted);
        this.l2 = l2;
        this.clock = clock;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.l1MaxTtl = config.l1MaxTtl();
        this.checkAheadMillis = l1MaxTtl.toMillis() / 2;
        this.staleness = config.staleness();
    }

    /** A cache over {@code l2}: {@link L2#none()} or {@link L2#redis}; the caller owns and closes the link. */
    public static TwoLevelCache create(CacheConfig config, InstantSource clock, L2 l2) {
        return new TwoLevelCache(config, clock, l2);
    }

    /**
     * From now on, a newer value another process writes to L2 replaces this process's older copy of its key at once
     * ({@link L2#follow}; a server that answers readers calls it, a refresher need not). Returns this cache.
     */
    public TwoLevelCache followChanges() {
        l2.follow(this::changedElsewhere);
        return this;
    }

    /**
     * From now on, {@code listener} is told each value that leaves L1, on the thread that made it leave, with the
     * value that took its key's place: a newer one (a load's put, another process's pushed change, a copy read from
     * L2), or null (removed, evicted, expired). What was made beside a value for its readers (compressed copies) can
     * go with it at once rather than when the garbage collector finds it unreachable, and be made for its successor
     * before that one's readers ask. Keep it short. Listeners added are told in the order added. Returns this cache.
     */
    public TwoLevelCache onDeparted(BiConsumer<Stored, Stored> listener) {
        this.departed = departed.andThen(listener);
        return this;
    }

    /** How long values live on past their freshness here; readers decide what to do with stale ones. */
    public Staleness staleness() {
        return staleness;
    }

    /** The kept value (fresh or stale) for {@code key}, from L1, else from L2; never a failed future. */
    public Future<Lookup> get(String key) {
        Instant now = clock.instant();
        Held held = l1.get(key, now);
        if (held != null) {
            counters.increment(Counter.L1_HITS);
            checkIfNearCap(key, held, now);
            return Future.succeededFuture(hit(held, Level.L1, now));
        }
        return readL2(key).map(this::count);
    }

    /**
     * The L1 value for {@code key} if it is fresh at {@code now}, else null; counts nothing. With
     * {@link #countL1Hit()}, the hot path of a hit ({@code CoalescingCache.freshHit}): no future, no lookup record.
     */
    public Stored freshInL1(String key, Instant now) {
        Held held = l1.get(key, now);
        if (held == null || !now.isBefore(held.freshUntil())) {
            return null;
        }
        checkIfNearCap(key, held, now);
        return held.stored();
    }

    /** Counts a reader's L1 hit taken with {@link #freshInL1}, as {@link #get} counts its own. */
    public void countL1Hit() {
        counters.increment(Counter.L1_HITS);
    }

    /**
     * The same lookup without counting it as a reader's hit or miss: for side lookups a load makes (a
     * channel's "not found" entry), so {@code cache.*} keeps counting what readers asked for.
     */
    public Future<Lookup> probe(String key) {
        Instant now = clock.instant();
        Held held = l1.get(key, now);
        return held != null ? Future.succeededFuture(hit(held, Level.L1, now)) : readL2(key);
    }

    /**
     * As {@link #probe}, but asks L2 even when L1 holds the key, and answers whichever value was stored last: for
     * a load that needs to know whether another process stored a newer value meanwhile (L1 may hold an older one).
     */
    public Future<Lookup> probeL2(String key) {
        return readL2(key);
    }

    /**
     * Stores a fresh {@code value} in L1 at once and in L2 with the same stored time, both kept until
     * {@code expiresAt + keepFor}. The future completes when L2 has taken it or declined (never failed): callers
     * may serve the value without waiting for it. A value no longer fresh is ignored.
     */
    public Future<Void> put(String key, Stored value) {
        Instant now = clock.instant();
        Instant freshUntil = value.expiresAt();
        if (!freshUntil.isAfter(now)) {
            return Future.succeededFuture();
        }
        counters.increment(Counter.PUTS);
        boolean shared = l2.available();
        Instant keptUntil = keptUntil(value, freshUntil);
        // The number is read before the write: a later write elsewhere is told to this process while it holds.
        l1.put(key, shared ? copy(value, freshUntil, keptUntil, now, l2.followEpoch())
                : new Held(value, freshUntil, keptUntil));
        Duration ttl = Duration.between(now, keptUntil);
        return Futures.guarded(() -> l2.write(key, value, ttl))
                .otherwise(this::writeBug)
                .map(written -> {
                    if (!written && shared) {
                        l1.holdLonger(key, value, keptUntil); // nobody can share a newer value: keep ours
                    }
                    return null;
                });
    }

    /**
     * Remembers that {@code key}'s value depends on {@code tag} (a feed on its channels), in this process and in L2
     * for {@code ttl}, so {@link #dropTagged} can drop it once what it depends on changed.
     */
    public Future<Void> tag(String tag, String key, Duration ttl) {
        localTags.tag(tag, key);
        return Futures.guarded(() -> l2.tag(tag, key, ttl)).otherwiseEmpty();
    }

    /**
     * Drops every value tagged {@code tag} (here and in L2, found through this process's tags and L2's), so the next
     * reader gets one built anew, not a copy that outlived what it was built from. Other processes following changes
     * drop their L1 copies as each drop is published; the others' live at most {@code l1MaxTtl} more. Completes
     * (never fails) with the keys dropped.
     */
    public Future<Set<String>> dropTagged(String tag) {
        Set<String> keys = new HashSet<>(localTags.take(tag));
        return Futures.guarded(() -> l2.takeTagged(tag)).otherwise(Set.of()).compose(shared -> {
            keys.addAll(shared);
            keys.forEach(l1::remove);
            return Future.join(keys.stream().map(key -> Futures.guarded(() -> l2.drop(key))).toList())
                    .otherwiseEmpty().map(done -> (Set<String>) keys);
        });
    }

    /** Drops {@code key}'s value here and in L2; completes (never fails) when L2 did or could not. */
    public Future<Void> drop(String key) {
        l1.remove(key);
        return Futures.guarded(() -> l2.drop(key)).otherwiseEmpty();
    }

    /**
     * Keeps in L1 a value read from Redis by other means (a lease's read, module {@code coalescing}), with the
     * same rules as a copy read by {@link #get}: {@code timeLeft} is its freshness left (zero or negative when
     * stale), and a value past its keep window is a miss. Returns what L1 holds for the key afterwards.
     */
    public Lookup keepL2Copy(String key, Stored value, Duration timeLeft) {
        // Held to its cap: the read behind it may have been made before the subscription that follows changes now.
        return keepL2Copy(key, value, timeLeft, L2.NOT_FOLLOWING);
    }

    /** As above, for a value read while subscription {@code epoch} was following changes. */
    private Lookup keepL2Copy(String key, Stored value, Duration timeLeft, long epoch) {
        Instant now = clock.instant();
        Held copy = sharedCopy(value, now.plus(timeLeft), now, epoch);
        if (copy == null) {
            return Lookup.miss();
        }
        Held winner = l1.offer(key, copy);
        return winner.stored() == value ? hit(winner, Level.L2, now) : hit(winner, Level.L1, now);
    }

    /**
     * Hits per level, misses, puts, the L2 degradation counters, and L1's gauges {@code cache.l1.entries} and
     * {@code cache.l1.weight_bytes} (the heap its entries retain, as weighed against {@code MEMORY_CACHE_MAX_MB}),
     * by metric name. The gauges run L1's pending maintenance first: read it at scrape time, not per request.
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counters.snapshot());
        all.put("cache.l1.entries", l1.size());
        all.put("cache.l1.weight_bytes", l1.weightedSize());
        all.putAll(l2.counters());
        return all;
    }

    /**
     * Checks a copy held only until its cap against L2 in the background, once, when the cap is near and Redis is up:
     * the stored time of L2's value, read from its header alone. The same time renews the copy for another
     * {@code l1MaxTtl}, up to its freshness; a later one is read in full (and replaces the copy as any L2 read does).
     * Anything else (the key gone, Redis not answering) leaves the copy to its cap, as before checks were made: the
     * reader at the cap asks L2 and finds what is there.
     */
    private void checkIfNearCap(String key, Held held, Instant now) {
        // In millis: this runs on every L1 hit, and Instant arithmetic would allocate there.
        if (held.checked() || held.heldUntil().toEpochMilli() - now.toEpochMilli() > checkAheadMillis
                || !capped(held) || !l2.available() || l1.followed(held)) {
            return;
        }
        Held marked = l1.markChecked(key, held);
        if (marked == null) {
            return;
        }
        counters.increment(Counter.L1_CHECKS);
        long ours = held.stored().storedAt().toEpochMilli();
        Futures.guarded(() -> l2.storedAt(key)).otherwise(Optional.empty()).onSuccess(shared -> {
            if (shared.isEmpty()) {
                return;
            }
            long theirs = shared.get().toEpochMilli();
            if (theirs == ours) {
                // Past the copy's freshness only while other servers' writes reach us (followChanges): another
                // server's refresh would then replace the copy, and a reader of it stale answers at once and
                // refreshes it (one load for the fleet, by the lease) instead of asking Redis for the same stale
                // value. Otherwise never past it: once stale, the reader asks L2, as before checks were made.
                Instant capped = capped(clock.instant(), keptUntil(held.stored(), held.freshUntil()));
                l1.renew(key, marked, l2.followingNow() || capped.isBefore(held.freshUntil())
                        ? capped : held.freshUntil());
            } else if (theirs > ours) {
                readL2(key);
            }
        });
    }

    /**
     * A value another process just wrote to L2 ({@link L2#follow}), or dropped from it (null): it replaces this
     * process's older copy of the key at once (held as a copy read from L2 is), or drops it, so readers here neither
     * wait for Redis at the copy's cap nor answer the old value stale while Redis holds the new one. A key this
     * process does not hold is left alone: the value would take room in L1 that nobody here has asked for. A key
     * being read from L2 meanwhile gets the copy that read brings (which may predate the change) held to its cap.
     */
    private void changedElsewhere(String key, Stored value) {
        InFlightRead reading = inFlight.get(key);
        if (reading != null) {
            reading.crossed = true; // the copy that read brings may predate this change: it keeps its cap
        }
        if (value == null) {
            l1.remove(key); // dropped there (a feed whose channel changed): not to be answered here either
            return;
        }
        Held copy = sharedCopy(value, value.expiresAt(), clock.instant(), l2.followEpoch());
        Held before = copy == null ? null : l1.replaceOlder(key, copy);
        if (before != null) {
            counters.increment(Counter.L1_PUSHED);
        }
    }

    /**
     * An L1 copy of a value another process shared (read from L2, or published), fresh until {@code freshUntil}:
     * held to its keep window but at most {@code l1MaxTtl} unless followed ({@link #copy}); null when that window is
     * over at {@code now}.
     */
    private Held sharedCopy(Stored value, Instant freshUntil, Instant now, long epoch) {
        Instant keptUntil = keptUntil(value, freshUntil);
        return keptUntil.isAfter(now) ? copy(value, freshUntil, keptUntil, now, epoch) : null;
    }

    /**
     * A copy of a value shared through L2: held to {@code l1MaxTtl} at most, or to its keep window while subscription
     * {@code epoch} stays unbroken (every change of the key elsewhere then replaces or drops it at once, so the cap
     * has nothing to bound). A subscription lost or renewed since brings the cap back, counted from {@code now}.
     */
    private Held copy(Stored value, Instant freshUntil, Instant keptUntil, Instant now, long epoch) {
        return new Held(value, freshUntil, capped(now, keptUntil), false, epoch, keptUntil);
    }

    /** Whether {@code held} ends before its value's own keep window: cut short by {@code l1MaxTtl}. */
    private boolean capped(Held held) {
        return held.heldUntil().isBefore(keptUntil(held.stored(), held.freshUntil()));
    }

    private Future<Lookup> readL2(String key) {
        InFlightRead read = new InFlightRead();
        InFlightRead shared = inFlight.putIfAbsent(key, read);
        if (shared != null) {
            return shared.promise.future();
        }
        long epoch = l2.followEpoch(); // before the read: what is written after it is told while this number holds
        Futures.guarded(() -> l2.read(key)).onComplete(done -> {
            // Kept, then no longer in flight, then checked for a change that crossed the read: a change told
            // after the removal finds the copy in L1 and replaces or drops it (changedElsewhere).
            Lookup settled = done.succeeded() ? settle(key, done.result(), epoch) : readBug(key, done.cause());
            inFlight.remove(key, read);
            if (read.crossed && done.succeeded() && done.result() instanceof Lookup.Hit fromL2) {
                l1.unfollow(key, fromL2.stored()); // if L1 still holds what this read brought
            }
            read.promise.complete(settled);
        });
        return read.promise.future();
    }

    /** Merges what L2 said with what L1 got meanwhile: the value stored last wins. */
    private Lookup settle(String key, Lookup fromL2, long epoch) {
        if (fromL2 instanceof Lookup.Hit hit) {
            return keepL2Copy(key, hit.stored(), hit.timeLeft(), epoch);
        }
        Instant now = clock.instant();
        Held putMeanwhile = l1.get(key, now);
        return putMeanwhile == null ? fromL2 : hit(putMeanwhile, Level.L1, now);
    }

    private Lookup count(Lookup lookup) {
        counters.increment(switch (lookup) {
            case Lookup.Hit hit when hit.level() == Level.L1 -> Counter.L1_HITS;
            case Lookup.Hit hit -> Counter.L2_HITS;
            case Lookup.Miss miss -> Counter.MISSES;
        });
        return lookup;
    }

    private Instant keptUntil(Stored value, Instant freshUntil) {
        return freshUntil.plus(staleness.keepFor(value.freshFor()));
    }

    private Instant capped(Instant now, Instant keptUntil) {
        Instant cap = now.plus(l1MaxTtl);
        return cap.isBefore(keptUntil) ? cap : keptUntil;
    }

    /** An L2 read under way, and whether a change of its key elsewhere was told meanwhile. */
    private static final class InFlightRead {
        final Promise<Lookup> promise = Promise.promise();
        volatile boolean crossed;
    }

    private static Lookup.Hit hit(Held held, Level level, Instant now) {
        return new Lookup.Hit(held.stored(), level, Duration.between(now, held.freshUntil()));
    }

    /**
     * Tells the listeners a value left L1. A listener's bug is logged, not thrown: it would fail the write, the
     * removal or the read that made the value leave, and hide the other values leaving with it.
     */
    private void tellDeparted(Stored value, Stored successor) {
        try {
            departed.accept(value, successor);
        } catch (RuntimeException bug) {
            failures.log(System.Logger.Level.ERROR, "L1 departure listener failed", bug);
        }
    }

    private Lookup readBug(String key, Throwable bug) {
        failures.log(System.Logger.Level.ERROR, "L2 read failed",
                () -> "L2 read of " + key + " failed; answering a miss", bug);
        return Lookup.miss();
    }

    private boolean writeBug(Throwable bug) {
        failures.log(System.Logger.Level.ERROR, "L2 write failed", bug);
        return false;
    }
}
