package tme.bench.mixed;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicReferenceArray;
import tme.bench.http.Metrics;
import tme.bench.openloop.WindowProbe;

/**
 * The servers' own clock for their hits: tme-api's {@code tme_http_requests_seconds} histogram (from a request read
 * to its answer written) of every answer from a cache level ({@code l1}, {@code l2}, {@code stale}), summed over the
 * servers' {@code /metrics} at the measured start (probe index -1) and end (0). The generator's latency of a hit also
 * holds what happens outside the server (the kernel waking a thread, placing it on a core, the loopback, the
 * generator's own waits): where the two disagree, the time went outside the server. Only for tme-api's columns:
 * nginx would pass {@code /metrics} on to its origin.
 */
final class ServerClock implements WindowProbe {

    /** The histogram's bucket bounds reported, in seconds as the exposition writes them, then every hit. */
    static final List<String> BOUNDS = List.of("0.001", "0.002", "0.005", "+Inf");

    private static final String BUCKET = "tme_http_requests_seconds_bucket{";
    private static final List<String> HIT_LEVELS = List.of("level=\"l1\"", "level=\"l2\"", "level=\"stale\"");
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final List<URI> metrics;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();
    // Start and end, each server's counts; null: a scrape failed.
    private final AtomicReferenceArray<long[][]> scrapes = new AtomicReferenceArray<>(2);

    ServerClock(List<InetSocketAddress> servers) {
        this.metrics = servers.stream()
                .map(s -> URI.create("http://" + s.getHostString() + ":" + s.getPort() + "/metrics")).toList();
    }

    @Override
    public String at(int index) {
        long[][] each = new long[metrics.size()][];
        try {
            for (int s = 0; s < each.length; s++) {
                each[s] = counts(scrape(metrics.get(s)));
            }
            scrapes.set(index + 1, each);
        } catch (IOException | RuntimeException e) {
            scrapes.set(index + 1, null); // no line: the table shows a dash rather than a wrong count
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    private String scrape(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException(uri + " answered " + answer.statusCode());
        }
        return answer.body();
    }

    /**
     * {@code SERVER hits=N within_1ms=.. within_2ms=.. within_5ms=.. over_1ms_each=a/b/c}: the hits the servers
     * answered over the measured span, how many of them within each bound by their own clock, and each server's hits
     * over 1 ms (one server slower than the others is a cause of its own: a fleet's copies evicted on one server,
     * docs/performance.md section 17); empty when a scrape failed.
     */
    List<String> lines() {
        long[][] start = scrapes.get(0);
        long[][] end = scrapes.get(1);
        if (start == null || end == null) {
            return List.of();
        }
        long[] span = new long[BOUNDS.size()];
        StringJoiner over1ms = new StringJoiner("/");
        for (int s = 0; s < end.length; s++) {
            for (int b = 0; b < span.length; b++) {
                span[b] += end[s][b] - start[s][b];
            }
            long all = end[s][BOUNDS.size() - 1] - start[s][BOUNDS.size() - 1];
            over1ms.add(Long.toString(all - (end[s][0] - start[s][0])));
        }
        return List.of(String.format(Locale.ROOT,
                "SERVER hits=%d within_1ms=%d within_2ms=%d within_5ms=%d over_1ms_each=%s", span[BOUNDS.size() - 1],
                span[0], span[1], span[2], over1ms));
    }

    /** Hits counted at each of {@link #BOUNDS} (cumulative, as Prometheus buckets are), over every route and status. */
    static long[] counts(String scrape) {
        long[] counts = new long[BOUNDS.size()];
        for (int b = 0; b < counts.length; b++) {
            String le = "le=\"" + BOUNDS.get(b) + "\"";
            counts[b] = Math.max(0, Metrics.sum(scrape, line -> line.startsWith(BUCKET) && line.contains(le)
                    && HIT_LEVELS.stream().anyMatch(line::contains)));
        }
        return counts;
    }
}
