package tme.api.push;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tme.events.Event;

/**
 * New posts a publish could not append (Redis out of reach), per channel, until an offer of them reaches the log. They
 * are kept because t.me's latest page shows only about 20 posts: at a few posts a second, the page a load sees once
 * Redis answers again no longer shows what was published early in the outage. Bounded: the newest
 * {@link #PER_CHANNEL} per channel (the oldest dropped first) and {@link #CHANNELS} channels (the one longest without
 * news dropped first), about 1 KB per post: a few tens of MB at the very worst. Thread-safe (loads end on any loop).
 */
final class Unappended {

    static final int PER_CHANNEL = 1_000;
    static final int CHANNELS = 4_096;

    // Access order: the channel longest without a keep or a read goes first.
    private final Map<String, TreeMap<Long, Event>> byChannel = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TreeMap<Long, Event>> eldest) {
            return size() > CHANNELS;
        }
    };

    /** Keeps {@code events} of {@code channel} for the next offer; a sequence kept already is kept once. */
    synchronized void keep(String channel, List<Event> events) {
        if (events.isEmpty()) {
            return;
        }
        TreeMap<Long, Event> kept = byChannel.computeIfAbsent(channel, name -> new TreeMap<>());
        events.forEach(event -> kept.put(event.seq(), event));
        while (kept.size() > PER_CHANNEL) {
            kept.pollFirstEntry();
        }
    }

    /** What {@code channel} has kept, ascending sequence. */
    synchronized List<Event> of(String channel) {
        TreeMap<Long, Event> kept = byChannel.get(channel);
        return kept == null ? List.of() : new ArrayList<>(kept.values());
    }

    /** An offer up to {@code newest} reached the log (appended, or found there): those need keeping no longer. */
    synchronized void reached(String channel, long newest) {
        TreeMap<Long, Event> kept = byChannel.get(channel);
        if (kept == null) {
            return;
        }
        kept.headMap(newest, true).clear();
        if (kept.isEmpty()) {
            byChannel.remove(channel);
        }
    }

    synchronized Set<String> channels() {
        return Set.copyOf(byChannel.keySet());
    }

    /** How many events are kept, all channels. */
    synchronized long size() {
        return byChannel.values().stream().mapToLong(TreeMap::size).sum();
    }
}
