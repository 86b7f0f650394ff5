package tme.scraper.testing;

import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Hit counts per request URI, the last request seen for each, arrival times, and connection and gzip counts.
 */
final class Traffic {

    private final Object arrivalLock = new Object(); // guards arrivals and arrivalsByUri, so both keep one order
    private final List<Long> arrivals = new ArrayList<>();
    private final Map<String, List<Long>> arrivalsByUri = new HashMap<>();

    private final Map<String, LongAdder> hits = new ConcurrentHashMap<>();
    private final Map<String, FakeTme.Received> last = new ConcurrentHashMap<>();
    private final AtomicLong total = new AtomicLong();
    private final AtomicLong gzipped = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();

    void record(HttpServerRequest request) {
        String uri = request.uri();
        hits.computeIfAbsent(uri, k -> new LongAdder()).increment();
        total.incrementAndGet();
        last.put(uri, new FakeTme.Received(request.method().name(), uri, headersOf(request)));
        synchronized (arrivalLock) { // the time is read under the lock: the list order is the time order
            long now = System.nanoTime();
            arrivals.add(now);
            arrivalsByUri.computeIfAbsent(uri, k -> new ArrayList<>()).add(now);
        }
    }

    List<Long> arrivals() {
        synchronized (arrivalLock) {
            return List.copyOf(arrivals);
        }
    }

    List<Long> arrivals(String uri) {
        synchronized (arrivalLock) {
            return List.copyOf(arrivalsByUri.getOrDefault(uri, List.of()));
        }
    }

    void connected() {
        connections.incrementAndGet();
    }

    long connections() {
        return connections.get();
    }

    void gzipped() {
        gzipped.incrementAndGet();
    }

    long hits(String uri) {
        LongAdder count = hits.get(uri);
        return count == null ? 0 : count.sum();
    }

    long total() {
        return total.get();
    }

    long gzippedReplies() {
        return gzipped.get();
    }

    Optional<FakeTme.Received> last(String uri) {
        return Optional.ofNullable(last.get(uri));
    }

    void reset() {
        hits.clear();
        last.clear();
        total.set(0);
        gzipped.set(0);
        connections.set(0);
        synchronized (arrivalLock) {
            arrivals.clear();
            arrivalsByUri.clear();
        }
    }

    private static Map<String, String> headersOf(HttpServerRequest request) {
        Map<String, String> headers = new LinkedHashMap<>();
        request.headers().forEach(h -> headers.merge(h.getKey().toLowerCase(Locale.ROOT), h.getValue(),
                (a, b) -> a + ", " + b));
        return Map.copyOf(headers);
    }
}
