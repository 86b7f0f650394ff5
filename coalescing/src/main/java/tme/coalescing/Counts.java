package tme.coalescing;

import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** The coalescing counters, one {@link LongAdder} each, readable as a snapshot by metric name. */
final class Counts {

    enum Count {
        /** Loader calls in this process (a refresh's included). */
        LOADS("coalescing.loads"),
        /** Loads that waited for another process's lease first. */
        LEASE_WAITS("coalescing.lease.waits"),
        /** Leases taken after waiting on another holder's (it finished without a value, or lapsed). */
        LEASE_TAKEOVERS("coalescing.lease.takeovers"),
        /** Waits that reached {@code maxWait} and loaded here. */
        LEASE_WAIT_TIMEOUTS("coalescing.lease.wait_timeouts"),
        /** Domain failures received from another process's lease instead of loading. */
        SHARED_FAILURES("coalescing.lease.shared_failures"),
        /** Loads done here without a lease because Redis was slow, down or bypassed. */
        LOCAL_FALLBACKS("coalescing.local_fallbacks"),
        REFRESHES_STARTED("coalescing.refreshes.started"),
        /** Background refreshes that ended without a new value (the old entry stays). */
        REFRESHES_FAILED("coalescing.refreshes.failed");

        final String metricName;

        Count(String metricName) {
            this.metricName = metricName;
        }
    }

    private final Map<Count, LongAdder> adders = new EnumMap<>(Count.class);

    Counts() {
        for (Count count : Count.values()) {
            adders.put(count, new LongAdder());
        }
    }

    void increment(Count count) {
        adders.get(count).increment();
    }

    SortedMap<String, Long> snapshot() {
        SortedMap<String, Long> snapshot = new TreeMap<>();
        adders.forEach((count, adder) -> snapshot.put(count.metricName, adder.sum()));
        return snapshot;
    }
}
