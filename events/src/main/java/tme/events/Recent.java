package tme.events;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The newest events this process appended or read, per name: what it gives back to a log Redis lost (restarted
 * empty, flushed) before every reader had read them. An entry appended just before a Redis restart is read by the
 * fleet's tails within a round (500 ms), so a few per name cover it; a server cut off from Redis for longer than the
 * log was kept is not covered (docs/architecture.md, "When Redis loses its data"). At most {@link #PER_NAME} per name
 * and {@link #NAMES} names, the one used longest ago dropped first: about 1 KB per post, 16 MB at the very worst.
 */
final class Recent {

    static final int PER_NAME = 16;
    static final int NAMES = 1_024;

    // Guarded by this: access-ordered, each name's events by sequence; touched for microseconds, never across I/O.
    private final Map<String, TreeMap<Long, Event>> byName = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TreeMap<Long, Event>> eldest) {
            return size() > NAMES;
        }
    };

    /** {@code entries} of {@code name} were appended or read: the newest {@link #PER_NAME} are kept. */
    synchronized void saw(String name, List<Entry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        TreeMap<Long, Event> kept = byName.computeIfAbsent(name, n -> new TreeMap<>());
        entries.stream().filter(entry -> entry.seq() > 0) // an entry written by no publisher of ours
                .forEach(entry -> kept.put(entry.seq(), new Event(entry.seq(), entry.data())));
        while (kept.size() > PER_NAME) {
            kept.pollFirstEntry();
        }
    }

    /** A copy of what is kept, each name's events ascending. */
    synchronized Map<String, List<Event>> snapshot() {
        Map<String, List<Event>> copy = new LinkedHashMap<>();
        byName.forEach((name, events) -> copy.put(name, new ArrayList<>(events.values())));
        return copy;
    }
}
