package tme.cache;

import java.time.Instant;
import java.time.InstantSource;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * L1: a {@link SegmentedLru} bounded by the heap its entries retain, each entry held until its own instant. Every
 * newly loaded value is admitted (a page just loaded is about to be read again); what was read since it was loaded
 * is protected from a scan.
 *
 * <p>{@link #get} checks the clock itself, so an entry past its time is never returned, and drops it. Entries past
 * their time that nobody reads again fall out as the least recent, or when the gauges are read ({@link #size}).
 */
final class MemoryCache {

    /**
     * Heap an entry retains besides its key's and payload's bytes, measured by MemoryCacheWeightTest on JDK 25: with
     * an empty payload and a 36-character key, 334 bytes in all with compressed oops (the key's own bytes included),
     * as Caffeine's node took about the same (320 bytes besides the key's, 390 without compressed oops). It is the
     * map's node and table slot, the LRU's node, the key String, the {@link Held} and {@link Stored} records with
     * their Instants and Duration, and both array headers. Keys are weighed at two bytes a char, in case they are not
     * Latin-1.
     */
    static final int ENTRY_OVERHEAD = 400;

    /**
     * An entry: the value, until when it is fresh, until when this process may keep it (stale or not), whether a
     * check of it against L2 was started ({@code TwoLevelCache}: one check a copy; a renewed copy is a new entry),
     * and, for a copy of a shared value kept while other processes' changes reached this one, the number of that
     * subscription ({@code epoch}, {@link L2#followEpoch}) and until when the copy is kept while that number holds
     * ({@code followedUntil}): past {@code heldUntil}, its cap, as no change of its key can have been missed.
     */
    record Held(Stored stored, Instant freshUntil, Instant heldUntil, boolean checked, long epoch,
                Instant followedUntil) {

        Held(Stored stored, Instant freshUntil, Instant heldUntil) {
            this(stored, freshUntil, heldUntil, false, L2.NOT_FOLLOWING, heldUntil);
        }

        Held(Stored stored, Instant freshUntil, Instant heldUntil, boolean checked) {
            this(stored, freshUntil, heldUntil, checked, L2.NOT_FOLLOWING, heldUntil);
        }

        /** The same entry held until {@code until} (its cap), checked or not, still followed as it was. */
        Held heldUntil(Instant until, boolean checked) {
            return new Held(stored, freshUntil, until, checked, epoch, followedUntil);
        }
    }

    private final InstantSource clock;
    private final SegmentedLru<Held> entries;
    // The number of the subscription that tells this process other processes' changes now (L2#followEpoch).
    private final LongSupplier epoch;

    MemoryCache(long maxBytes, InstantSource clock) {
        this(maxBytes, clock, () -> L2.NOT_FOLLOWING);
    }

    MemoryCache(long maxBytes, InstantSource clock, LongSupplier epoch) {
        this(maxBytes, clock, epoch, (value, successor) -> { });
    }

    /**
     * As above, telling {@code departed} each stored value that leaves (replaced by another value, removed, evicted,
     * expired) with the value now held for its key (null when none is), on the thread that made it leave. An entry
     * renewed, checked or unfollowed keeps its value: nothing leaves.
     */
    MemoryCache(long maxBytes, InstantSource clock, LongSupplier epoch, BiConsumer<Stored, Stored> departed) {
        this.clock = clock;
        this.entries = new SegmentedLru<>(maxBytes, MemoryCache::weigh, (held, successor) -> {
            if (successor == null || successor.stored() != held.stored()) {
                departed.accept(held.stored(), successor == null ? null : successor.stored());
            }
        });
        this.epoch = epoch;
    }

    /** The entry if it is still held at {@code now}, else {@code null}. */
    Held get(String key, Instant now) {
        Held held = entries.get(key);
        if (held == null || now.isBefore(until(held))) {
            return held;
        }
        entries.remove(key, held);
        return null;
    }

    /** Whether {@code held} is kept past its cap now: the subscription it was kept under is still unbroken. */
    boolean followed(Held held) {
        return held.epoch() != L2.NOT_FOLLOWING && held.epoch() == epoch.getAsLong();
    }

    /** Until when {@code held} is kept: its cap, or later while it is {@link #followed}. */
    private Instant until(Held held) {
        return followed(held) ? held.followedUntil() : held.heldUntil();
    }

    /**
     * Holds {@code key}'s entry to its cap from now on, if it still holds {@code stored}: a change of the key crossed
     * the read that brought the copy, so the copy may predate it.
     */
    void unfollow(String key, Stored stored) {
        entries.update(key, current -> current != null && current.stored() == stored
                && current.epoch() != L2.NOT_FOLLOWING
                ? new Held(stored, current.freshUntil(), current.heldUntil(), current.checked())
                : current);
    }

    /** Holds {@code held} for {@code key}; the value it replaces, if another, is told as departed. */
    void put(String key, Held held) {
        entries.put(key, held);
    }

    void remove(String key) {
        entries.remove(key);
    }

    /** Marks {@code key}'s entry checked if it is still {@code held}: the marked entry, or null (another reader did). */
    Held markChecked(String key, Held held) {
        Held marked = held.heldUntil(held.heldUntil(), true);
        return entries.update(key, current -> current == held ? marked : current) == marked ? marked : null;
    }

    /** Holds {@code key}'s entry until {@code heldUntil} if that is later and it is still {@code checked}. */
    void renew(String key, Held checked, Instant heldUntil) {
        entries.update(key, current -> current == checked && heldUntil.isAfter(current.heldUntil())
                ? current.heldUntil(heldUntil, false)
                : current);
    }

    /**
     * Keeps a copy read from L2 unless L1 already has a value stored at the same time or later (written while
     * the read was in flight). Returns the entry L1 holds afterwards.
     */
    Held offer(String key, Held copy) {
        Instant now = clock.instant();
        Held kept = entries.update(key, current ->
                current != null && now.isBefore(until(current))
                        && !current.stored().storedAt().isBefore(copy.stored().storedAt())
                        ? current
                        : copy);
        return kept != null ? kept : copy; // a copy heavier than all of L1 is answered, not kept
    }

    /**
     * Puts {@code copy} in place of the entry {@code key} holds, if it holds one stored before it; returns the entry
     * replaced, null when none was. A key not held (or held past its time) stays so: nobody here asked for it lately.
     */
    Held replaceOlder(String key, Held copy) {
        Instant now = clock.instant();
        Held[] replaced = new Held[1];
        entries.update(key, current -> {
            boolean older = current != null && now.isBefore(until(current))
                    && current.stored().storedAt().isBefore(copy.stored().storedAt());
            replaced[0] = older ? current : null;
            return older ? copy : current;
        });
        return replaced[0];
    }

    /** Lets L1 keep {@code stored} until {@code heldUntil}, if it is still the value held for {@code key}. */
    void holdLonger(String key, Stored stored, Instant heldUntil) {
        entries.update(key, current -> current != null && current.stored() == stored
                ? new Held(stored, current.freshUntil(), heldUntil)
                : current);
    }

    /** The bytes accounted for the entries still held now. */
    long weightedSize() {
        dropExpired();
        return entries.weightedSize();
    }

    /** The entries still held now. */
    long size() {
        dropExpired();
        return entries.size();
    }

    static int weigh(String key, Held held) {
        long bytes = ENTRY_OVERHEAD + 2L * key.length() + held.stored().payload().length;
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    private void dropExpired() {
        Instant now = clock.instant();
        entries.removeIf((key, held) -> !now.isBefore(until(held)));
    }
}
