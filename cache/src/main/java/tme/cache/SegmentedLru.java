package tme.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.ToIntBiFunction;
import java.util.function.UnaryOperator;

/**
 * A weighted segmented LRU that admits every new entry (recency first): a page just loaded is about to be read
 * again. New entries go to the most recent end of the probation segment; a hit there promotes the entry to the
 * protected segment (at most {@link #PROTECTED_SHARE} of the weight), whose least recent entries fall back to
 * probation. Eviction takes probation's least recent entry first, protected's only when probation is empty. So a
 * one-pass scan churns probation and keeps what it loaded last, while entries read twice survive it.
 *
 * <p>Caffeine's W-TinyLFU would keep only its 1% window of a scan: a new entry enters its main region only when
 * its sketch counts it more often than the victim's, which a scan never does, and no public setting turns that off
 * (its maintainer: "we don't make any promises for what our algorithms prefer to keep", ben-manes/caffeine#583).
 *
 * <p>Reads are lock-free ({@link ConcurrentHashMap}); a hit moves its entry only when the lock is free at once
 * ({@code tryLock}), so under contention the order is approximate, as Caffeine's lossy read buffers make it.
 * Writes and eviction take the lock: a few pointer moves, never I/O.
 *
 * <p>Each value that leaves (replaced, removed, evicted) is told to a listener after the lock is released, with the
 * value that took its key's place (null when none did): what was made beside it can go with it at once.
 */
final class SegmentedLru<V> {

    /** The most of the weight entries read since they were loaded may hold. */
    static final double PROTECTED_SHARE = 0.8;

    /** An entry and its place in one segment's list. Links, weight and segment guarded by the lock. */
    private static final class Node<V> {
        final String key;
        volatile V value;
        int weight;
        boolean isProtected;
        Node<V> prev;
        Node<V> next;

        Node(String key, V value, int weight) {
            this.key = key;
            this.value = value;
            this.weight = weight;
        }
    }

    /** One segment: a circular list around a sentinel, least recent first; its total weight. */
    private static final class Segment<V> {
        final Node<V> sentinel = new Node<>(null, null, 0);
        long weight;

        Segment() {
            sentinel.prev = sentinel;
            sentinel.next = sentinel;
        }

        void addMostRecent(Node<V> node) {
            node.prev = sentinel.prev;
            node.next = sentinel;
            sentinel.prev.next = node;
            sentinel.prev = node;
            weight += node.weight;
        }

        void unlink(Node<V> node) {
            node.prev.next = node.next;
            node.next.prev = node.prev;
            node.prev = null;
            node.next = null;
            weight -= node.weight;
        }

        Node<V> leastRecent() {
            return sentinel.next == sentinel ? null : sentinel.next;
        }
    }

    private final ConcurrentHashMap<String, Node<V>> nodes = new ConcurrentHashMap<>();
    private final ReentrantLock lock = new ReentrantLock(); // guards both segments and every node's links
    private final Segment<V> probation = new Segment<>();
    private final Segment<V> protectedSegment = new Segment<>();
    private final long maxWeight;
    private final long maxProtected;
    private final ToIntBiFunction<String, V> weigher;
    private final BiConsumer<V, V> departed;

    /** A value that left, and the one that took its key's place (null when none did). */
    private record Departure<V>(V value, V successor) {}

    SegmentedLru(long maxWeight, ToIntBiFunction<String, V> weigher) {
        this(maxWeight, weigher, (value, successor) -> { });
    }

    /** As above, telling {@code departed} each value that leaves and its successor (null: none), outside the lock. */
    SegmentedLru(long maxWeight, ToIntBiFunction<String, V> weigher, BiConsumer<V, V> departed) {
        this.maxWeight = maxWeight;
        this.maxProtected = (long) (maxWeight * PROTECTED_SHARE);
        this.weigher = weigher;
        this.departed = departed;
    }

    /** The value held for {@code key}, or null; a hit counts as a use when the lock is free. */
    V get(String key) {
        Node<V> node = nodes.get(key);
        if (node == null) {
            return null;
        }
        V value = node.value;
        if (lock.tryLock()) {
            try {
                touch(node);
            } finally {
                lock.unlock();
            }
        }
        return value;
    }

    /** Holds {@code value} for {@code key}, the most recent entry; evicts the least recent beyond the weight. */
    void put(String key, V value) {
        update(key, current -> value);
    }

    /**
     * Replaces what {@code key} holds (null when nothing) with {@code change}'s answer, atomically; null removes
     * the entry. Returns what is held afterwards. {@code change} runs under the lock: keep it short.
     */
    V update(String key, UnaryOperator<V> change) {
        List<Departure<V>> departures = new ArrayList<>(); // no array until a value leaves
        lock.lock();
        try {
            return update(key, change, departures);
        } finally {
            lock.unlock();
            departures.forEach(gone -> departed.accept(gone.value(), gone.successor()));
        }
    }

    /** {@link #update} under the lock, noting each value that leaves in {@code departures}. */
    private V update(String key, UnaryOperator<V> change, List<Departure<V>> departures) {
        Node<V> node = nodes.get(key);
        V next = change.apply(node == null ? null : node.value);
        if (node != null && next == node.value) {
            return next;
        }
        if (node != null) {
            departures.add(new Departure<>(node.value, next));
        }
        if (next == null) {
            if (node != null) {
                remove(node);
            }
            return null;
        }
        if (node == null) {
            add(new Node<>(key, next, weigher.applyAsInt(key, next)));
        } else {
            replace(node, next);
        }
        evict(departures);
        return nodes.containsKey(key) ? next : null;
    }

    /**
     * Drops every entry {@code stale} says no longer counts (expired), so the gauges read what is really kept. Walks
     * the map without the lock, taking it only to drop an entry: readers and writers never wait for the walk.
     */
    void removeIf(BiPredicate<String, V> stale) {
        for (Map.Entry<String, Node<V>> entry : nodes.entrySet()) {
            V value = entry.getValue().value;
            if (stale.test(entry.getKey(), value)) {
                remove(entry.getKey(), value);
            }
        }
    }

    /** Removes {@code key}, whatever it holds (a value known to be wrong: a post was edited or deleted). */
    void remove(String key) {
        update(key, current -> null);
    }

    /** Removes {@code key} if it still holds {@code value}. */
    void remove(String key, V value) {
        update(key, current -> current == value ? null : current);
    }

    long weightedSize() {
        lock.lock();
        try {
            return probation.weight + protectedSegment.weight;
        } finally {
            lock.unlock();
        }
    }

    long size() {
        return nodes.size();
    }

    private void add(Node<V> node) {
        nodes.put(node.key, node);
        probation.addMostRecent(node);
    }

    /** A new value for a held key (a refresh): it stays in its segment, now its most recent entry. */
    private void replace(Node<V> node, V value) {
        Segment<V> segment = node.isProtected ? protectedSegment : probation;
        segment.unlink(node);
        node.value = value;
        node.weight = weigher.applyAsInt(node.key, value);
        segment.addMostRecent(node);
    }

    private void remove(Node<V> node) {
        if (node.prev == null) {
            return; // already evicted
        }
        (node.isProtected ? protectedSegment : probation).unlink(node);
        nodes.remove(node.key, node);
    }

    /** A hit: probation's entry is promoted, protected's moves to its most recent end. */
    private void touch(Node<V> node) {
        if (node.prev == null) {
            return; // evicted or replaced since the read found it
        }
        if (node.isProtected) {
            protectedSegment.unlink(node);
            protectedSegment.addMostRecent(node);
            return;
        }
        probation.unlink(node);
        node.isProtected = true;
        protectedSegment.addMostRecent(node);
        while (protectedSegment.weight > maxProtected) {
            Node<V> demoted = protectedSegment.leastRecent();
            protectedSegment.unlink(demoted);
            demoted.isProtected = false;
            probation.addMostRecent(demoted);
        }
    }

    private void evict(List<Departure<V>> departures) {
        while (probation.weight + protectedSegment.weight > maxWeight) {
            Node<V> victim = probation.leastRecent();
            Node<V> evicted = victim != null ? victim : protectedSegment.leastRecent();
            remove(evicted);
            departures.add(new Departure<>(evicted.value, null));
        }
    }
}
