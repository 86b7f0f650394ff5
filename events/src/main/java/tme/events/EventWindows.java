package tme.events;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Events kept in memory per name, by sequence: the newest {@code perName} of each name (the oldest dropped first) and
 * at most {@code names} names (the one longest without a keep or a read dropped first), about 1 KB per post. What a
 * process keeps to offer or give back to a log later: the events a publish could not append (the api's push), the
 * newest entries it appended or read, for a log Redis lost ({@link Recent}). Thread-safe: every method holds the lock
 * for microseconds, never across I/O.
 */
public final class EventWindows {

    private final int perName;
    // Guarded by this: access-ordered, each name's events by sequence.
    private final Map<String, TreeMap<Long, Event>> byName;

    public EventWindows(int perName, int names) {
        this.perName = perName;
        this.byName = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, TreeMap<Long, Event>> eldest) {
                return size() > names;
            }
        };
    }

    /** Keeps {@code events} of {@code name}; a sequence kept already is kept once (the newer copy). */
    public synchronized void keep(String name, List<Event> events) {
        if (events.isEmpty()) {
            return;
        }
        TreeMap<Long, Event> kept = byName.computeIfAbsent(name, n -> new TreeMap<>());
        events.forEach(event -> kept.put(event.seq(), event));
        while (kept.size() > perName) {
            kept.pollFirstEntry();
        }
    }

    /** What {@code name} has kept, ascending sequence. */
    public synchronized List<Event> of(String name) {
        TreeMap<Long, Event> kept = byName.get(name);
        return kept == null ? List.of() : new ArrayList<>(kept.values());
    }

    /** Drops what {@code name} kept up to sequence {@code newest}, and the name once it keeps nothing. */
    public synchronized void dropUpTo(String name, long newest) {
        TreeMap<Long, Event> kept = byName.get(name);
        if (kept == null) {
            return;
        }
        kept.headMap(newest, true).clear();
        if (kept.isEmpty()) {
            byName.remove(name);
        }
    }

    /** The names that keep some. */
    public synchronized Set<String> names() {
        return Set.copyOf(byName.keySet());
    }

    /** A copy of everything kept, each name's events ascending. */
    public synchronized Map<String, List<Event>> snapshot() {
        Map<String, List<Event>> copy = new LinkedHashMap<>();
        byName.forEach((name, events) -> copy.put(name, new ArrayList<>(events.values())));
        return copy;
    }

    /** How many events are kept, all names. */
    public synchronized long size() {
        return byName.values().stream().mapToLong(TreeMap::size).sum();
    }
}
