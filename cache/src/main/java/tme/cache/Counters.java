package tme.cache;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** Named event counters, one {@link LongAdder} each, readable as a snapshot for a later /metrics. */
final class Counters {

    enum Counter {
        L1_HITS("cache.l1.hits"),
        L2_HITS("cache.l2.hits"),
        MISSES("cache.misses"),
        PUTS("cache.puts"),
        REDIS_BREAKER_OPENED("redis.breaker.opened"),
        REDIS_ERRORS("redis.errors"),
        REDIS_TIMEOUTS("redis.timeouts"),
        REDIS_BYPASSED("redis.bypassed"),
        REDIS_POOL_WAITS("redis.pool.waits"),
        REDIS_UNREADABLE("redis.unreadable.values");

        final String metricName;

        Counter(String metricName) {
            this.metricName = metricName;
        }
    }

    private final Map<Counter, LongAdder> adders = new EnumMap<>(Counter.class);

    Counters(Counter... counted) {
        for (Counter counter : counted) {
            adders.put(counter, new LongAdder());
        }
    }

    void increment(Counter counter) {
        adders.get(counter).increment();
    }

    SortedMap<String, Long> snapshot() {
        SortedMap<String, Long> snapshot = new TreeMap<>();
        adders.forEach((counter, adder) -> snapshot.put(counter.metricName, adder.sum()));
        return Collections.unmodifiableSortedMap(snapshot);
    }
}
