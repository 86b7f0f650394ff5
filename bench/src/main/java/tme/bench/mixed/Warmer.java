package tme.bench.mixed;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import tme.bench.http.Connection;
import tme.bench.http.Request;
import tme.bench.http.Response;

/**
 * For the "hits only" run: asks for every distinct request of the mix, closed loop, {@code workers} at a time
 * (one keep-alive connection each, on a virtual thread, connections spread over the targets), so that every entry
 * is in the cache before the measured run. A second pass shows it: every answer should then be a hit.
 */
final class Warmer {

    private Warmer() {}

    /**
     * One pass over {@code requests}; returns {@code WARM pass=.. requests=.. hits=.. misses=.. unclassified=..
     * non2xx=.. errors=..}.
     */
    static String pass(int pass, List<byte[]> requests, List<InetSocketAddress> targets, int workers)
            throws InterruptedException {
        ConcurrentLinkedQueue<byte[]> queue = new ConcurrentLinkedQueue<>(requests);
        AtomicLongArray counts = new AtomicLongArray(Level.values().length + 2); // levels, non-2xx, errors
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            InetSocketAddress target = targets.get(w % targets.size());
            threads.add(Thread.ofVirtual().start(() -> drain(queue, target, counts)));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        int levels = Level.values().length;
        return String.format(Locale.ROOT, "WARM pass=%d requests=%d hits=%d misses=%d unclassified=%d non2xx=%d"
                        + " errors=%d", pass, requests.size(), counts.get(Level.HIT.ordinal()),
                counts.get(Level.MISS.ordinal()), counts.get(Level.NONE.ordinal()), counts.get(levels),
                counts.get(levels + 1));
    }

    private static void drain(ConcurrentLinkedQueue<byte[]> queue, InetSocketAddress target,
                              AtomicLongArray counts) {
        int levels = Level.values().length;
        try (Connection connection = new Connection(target, Duration.ofSeconds(30))) {
            for (byte[] bytes = queue.poll(); bytes != null; bytes = queue.poll()) {
                try {
                    Response response = connection.exchange(new Request(target, bytes, "warm-up"));
                    counts.incrementAndGet(Level.of(response.cache()).ordinal());
                    if (!response.ok()) {
                        counts.incrementAndGet(levels);
                    }
                } catch (IOException e) {
                    counts.incrementAndGet(levels + 1);
                }
            }
        }
    }
}
