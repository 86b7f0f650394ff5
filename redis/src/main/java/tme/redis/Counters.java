package tme.redis;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Named event counters, one {@link LongAdder} each, readable as a snapshot for /metrics: the one way every module
 * counts its events (cache levels, Redis, coalescing, the upstream gate).
 *
 * @param <E> the counted events, each with its metric name
 */
public final class Counters<E extends Enum<E> & Counters.Metric> {

    /** An event with the name it is reported under, e.g. {@code cache.l1.hits}. */
    public interface Metric {
        String metricName();
    }

    private final Map<E, LongAdder> adders;

    /** Counts {@code counted} of the events of {@code type}; the snapshot holds exactly these. */
    public Counters(Class<E> type, Set<E> counted) {
        adders = new EnumMap<>(type);
        for (E event : counted) {
            adders.put(event, new LongAdder());
        }
    }

    public void increment(E event) {
        adders.get(event).increment();
    }

    /** Counts {@code count} occurrences at once (a batch of names, say). */
    public void add(E event, long count) {
        adders.get(event).add(count);
    }

    /** Each counted event's total by metric name. */
    public SortedMap<String, Long> snapshot() {
        SortedMap<String, Long> snapshot = new TreeMap<>();
        adders.forEach((event, adder) -> snapshot.put(event.metricName(), adder.sum()));
        return Collections.unmodifiableSortedMap(snapshot);
    }
}
