package tme.bench.chaos;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one reader or subscriber received: when each post first arrived ({@link System#nanoTime()}), and the
 * arrivals that brought nothing new, by post id. Written by the receiver's thread or event loop, read by the run.
 */
final class Receipts {

    final String name;
    private final Map<Integer, Long> firstArrival = new ConcurrentHashMap<>();
    // SSE: a post id received again, per id. WebSub: a delivery holding no post not already had, by its newest post.
    private final Map<Integer, Integer> repeated = new ConcurrentHashMap<>();
    // WebSub only: deliveries, by the newest post each held.
    private final Map<Integer, Integer> deliveries = new ConcurrentHashMap<>();

    Receipts(String name) {
        this.name = name;
    }

    /** Records {@code id}'s arrival now; answers whether it is new to this receiver. */
    boolean arrived(int id) {
        return firstArrival.putIfAbsent(id, System.nanoTime()) == null;
    }

    void repeated(int id) {
        repeated.merge(id, 1, Integer::sum);
    }

    void delivered(int newest) {
        deliveries.merge(newest, 1, Integer::sum);
    }

    /** Deliveries whose newest post is one of {@code ids}. */
    long deliveries(Iterable<Integer> ids) {
        long count = 0;
        for (int id : ids) {
            count += deliveries.getOrDefault(id, 0);
        }
        return count;
    }

    boolean has(int id) {
        return firstArrival.containsKey(id);
    }

    /** Of {@code ids}, how many never arrived. */
    long missing(Iterable<Integer> ids) {
        long missing = 0;
        for (int id : ids) {
            missing += has(id) ? 0 : 1;
        }
        return missing;
    }

    /** Repeats counted against {@code ids}. */
    long repeats(Iterable<Integer> ids) {
        long repeats = 0;
        for (int id : ids) {
            repeats += repeated.getOrDefault(id, 0);
        }
        return repeats;
    }

    /** The first arrival among {@code ids}, if any arrived. */
    OptionalLong firstArrivalOf(Iterable<Integer> ids) {
        OptionalLong first = OptionalLong.empty();
        for (int id : ids) {
            Long at = firstArrival.get(id);
            if (at != null && (first.isEmpty() || at < first.getAsLong())) {
                first = OptionalLong.of(at);
            }
        }
        return first;
    }
}
