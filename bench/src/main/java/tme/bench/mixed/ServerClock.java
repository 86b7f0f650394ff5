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
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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

    private static final Set<String> HIT_LEVELS = Set.of("l1", "l2", "stale");
    private static final Pattern BUCKET = Pattern.compile("^tme_http_requests_seconds_bucket\\{(.*)} (\\S+)$");
    private static final Pattern LEVEL = Pattern.compile("(?:^|,)level=\"([^\"]*)\"");
    private static final Pattern LE = Pattern.compile("(?:^|,)le=\"([^\"]*)\"");
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final List<URI> metrics;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();
    private final AtomicReferenceArray<long[]> scrapes = new AtomicReferenceArray<>(2); // start, end; null: failed

    ServerClock(List<InetSocketAddress> servers) {
        this.metrics = servers.stream()
                .map(s -> URI.create("http://" + s.getHostString() + ":" + s.getPort() + "/metrics")).toList();
    }

    @Override
    public String at(int index) {
        long[] sum = new long[BOUNDS.size()];
        try {
            for (URI uri : metrics) {
                long[] one = counts(scrape(uri).lines());
                for (int b = 0; b < sum.length; b++) {
                    sum[b] += one[b];
                }
            }
            scrapes.set(index + 1, sum);
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
     * {@code SERVER hits=N within_1ms=.. within_2ms=.. within_5ms=..}: the hits the servers answered over the measured
     * span, and how many of them within each bound by their own clock; empty when a scrape failed.
     */
    List<String> lines() {
        long[] start = scrapes.get(0);
        long[] end = scrapes.get(1);
        if (start == null || end == null) {
            return List.of();
        }
        long all = end[BOUNDS.size() - 1] - start[BOUNDS.size() - 1];
        return List.of(String.format(Locale.ROOT, "SERVER hits=%d within_1ms=%d within_2ms=%d within_5ms=%d", all,
                end[0] - start[0], end[1] - start[1], end[2] - start[2]));
    }

    /** Hits counted at each of {@link #BOUNDS} (cumulative, as Prometheus buckets are), over every route and status. */
    static long[] counts(Stream<String> exposition) {
        long[] counts = new long[BOUNDS.size()];
        exposition.forEach(line -> {
            Matcher bucket = BUCKET.matcher(line);
            if (!bucket.matches()) {
                return;
            }
            String labels = bucket.group(1);
            Matcher level = LEVEL.matcher(labels);
            Matcher le = LE.matcher(labels);
            if (level.find() && HIT_LEVELS.contains(level.group(1)) && le.find()) {
                int at = BOUNDS.indexOf(le.group(1));
                if (at >= 0) {
                    counts[at] += (long) Double.parseDouble(bucket.group(2));
                }
            }
        });
        return counts;
    }
}
