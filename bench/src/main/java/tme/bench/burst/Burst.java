package tme.bench.burst;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import tme.bench.http.Connection;
import tme.bench.http.Request;
import tme.bench.http.Response;

/**
 * Opens {@code count} connections, request {@code i} to target {@code i % targets}, waits until every one is
 * connected (or failed to), then lets them all send at once and waits for every answer. Latency is from that
 * moment to the end of each response. Each request runs on a virtual thread of its own.
 */
public final class Burst {

    private final List<Request> targets;
    private final int count;
    private final Duration timeout;
    private final CountDownLatch connected;
    private final CountDownLatch go = new CountDownLatch(1);
    private final ConcurrentHistogram latency = new ConcurrentHistogram(1, Duration.ofHours(1).toNanos() / 1000, 3);
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private final LongAdder connectFailures = new LongAdder();
    private final LongAdder ioErrors = new LongAdder();
    private final LongAdder timeouts = new LongAdder();
    private volatile long goNanos;

    private Burst(List<Request> targets, int count, Duration timeout) {
        if (targets.isEmpty() || count < 1) {
            throw new IllegalArgumentException("want a target and at least one request: " + count);
        }
        this.targets = List.copyOf(targets);
        this.count = count;
        this.timeout = timeout;
        this.connected = new CountDownLatch(count);
    }

    /** Runs the burst and returns its {@code BURST} line ({@link #line()}). */
    public static String run(List<Request> targets, int count, Duration timeout) throws InterruptedException {
        Burst burst = new Burst(targets, count, timeout);
        List<Thread> threads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Request target = burst.targets.get(i % burst.targets.size());
            threads.add(Thread.ofVirtual().name("burst-", i).start(() -> burst.one(target)));
        }
        burst.connected.await();
        burst.goNanos = System.nanoTime();
        burst.go.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        return burst.line();
    }

    private void one(Request target) {
        try (Connection connection = new Connection(target.address(), timeout)) {
            if (!connect(connection)) {
                return;
            }
            go.await();
            Response response = connection.exchange(target);
            latency.recordValue(Math.max(1, (System.nanoTime() - goNanos) / 1000));
            statuses.computeIfAbsent(response.status(), s -> new LongAdder()).increment();
        } catch (SocketTimeoutException e) {
            timeouts.increment();
        } catch (IOException e) {
            ioErrors.increment();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean connect(Connection connection) {
        try {
            connection.connect();
            return true;
        } catch (IOException e) {
            connectFailures.increment();
            return false;
        } finally {
            connected.countDown();
        }
    }

    /**
     * {@code BURST requests=.. answered=.. status_200=.. (one per status seen) errors_connect=.. errors_io=..
     * timeouts=.. p50_ms=.. p99_ms=.. max_ms=..}: latency of the answered ones, from the moment all were let go.
     */
    private String line() {
        StringBuilder byStatus = new StringBuilder();
        new TreeMap<>(statuses).forEach((status, n) -> byStatus.append(" status_").append(status).append('=')
                .append(n.sum()));
        double max = latency.getTotalCount() == 0 ? 0 : latency.getMaxValue() / 1000.0;
        return String.format(Locale.ROOT, "BURST requests=%d answered=%d%s errors_connect=%d errors_io=%d timeouts=%d"
                        + " p50_ms=%.2f p99_ms=%.2f max_ms=%.2f", count, latency.getTotalCount(), byStatus,
                connectFailures.sum(), ioErrors.sum(), timeouts.sum(), latency.getValueAtPercentile(50) / 1000.0,
                latency.getValueAtPercentile(99) / 1000.0, max);
    }
}
