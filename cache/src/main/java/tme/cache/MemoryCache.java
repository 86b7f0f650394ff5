package tme.cache;

import java.time.Instant;
import java.time.InstantSource;

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
     * An entry: the value, until when it is fresh, until when this process may keep it (stale or not), and whether a
     * check of it against L2 was started ({@code TwoLevelCache}: one check a copy; a renewed copy is a new entry).
     */
    record Held(Stored stored, Instant freshUntil, Instant heldUntil, boolean checked) {

        Held(Stored stored, Instant freshUntil, Instant heldUntil) {
            this(stored, freshUntil, heldUntil, false);
        }
    }

    private final InstantSource clock;
    private final SegmentedLru<Held> entries;

    MemoryCache(long maxBytes, InstantSource clock) {
        this.clock = clock;
        this.entries = new SegmentedLru<>(maxBytes, MemoryCache::weigh);
    }

    /** The entry if it is still held at {@code now}, else {@code null}. */
    Held get(String key, Instant now) {
        Held held = entries.get(key);
        if (held == null || now.isBefore(held.heldUntil())) {
            return held;
        }
        entries.remove(key, held);
        return null;
    }

    void put(String key, Held held) {
        entries.put(key, held);
    }

    void remove(String key) {
        entries.remove(key);
    }

    /** Marks {@code key}'s entry checked if it is still {@code held}: the marked entry, or null (another reader did). */
    Held markChecked(String key, Held held) {
        Held marked = new Held(held.stored(), held.freshUntil(), held.heldUntil(), true);
        return entries.update(key, current -> current == held ? marked : current) == marked ? marked : null;
    }

    /** Holds {@code key}'s entry until {@code heldUntil} if that is later and it is still {@code checked}. */
    void renew(String key, Held checked, Instant heldUntil) {
        entries.update(key, current -> current == checked && heldUntil.isAfter(current.heldUntil())
                ? new Held(current.stored(), current.freshUntil(), heldUntil)
                : current);
    }

    /**
     * Keeps a copy read from L2 unless L1 already has a value stored at the same time or later (written while
     * the read was in flight). Returns the entry L1 holds afterwards.
     */
    Held offer(String key, Held copy) {
        Instant now = clock.instant();
        Held kept = entries.update(key, current ->
                current != null && now.isBefore(current.heldUntil())
                        && !current.stored().storedAt().isBefore(copy.stored().storedAt())
                        ? current
                        : copy);
        return kept != null ? kept : copy; // a copy heavier than all of L1 is answered, not kept
    }

    /**
     * Puts {@code copy} in place of the entry {@code key} holds, if it holds one stored before it; true if it did.
     * A key not held (or held past its time) stays so: nobody here asked for it lately.
     */
    boolean replaceOlder(String key, Held copy) {
        Instant now = clock.instant();
        Held kept = entries.update(key, current -> current != null && now.isBefore(current.heldUntil())
                && current.stored().storedAt().isBefore(copy.stored().storedAt()) ? copy : current);
        return kept == copy;
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
        entries.removeIf((key, held) -> !now.isBefore(held.heldUntil()));
    }
}
