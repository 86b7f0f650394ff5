package tme.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A client that really keeps hundreds of requests in flight: the JDK client on HTTP/1.1 opens one connection per
 * request it cannot serve from an idle one, and caps neither. Replies keep a digest of the body rather than the
 * body, so a thousand large answers cost no memory worth mentioning.
 */
final class FleetClient implements AutoCloseable {

    /** Longer than any hold in these tests; a request stuck longer fails its test. */
    static final Duration REQUEST_DEADLINE = Duration.ofSeconds(30);

    /**
     * One answer as a client saw it.
     *
     * @param status   HTTP status
     * @param xCache   the level that answered ({@code L1}, {@code L2}, {@code upstream}), or null
     * @param bodySha  SHA-256 of the body bytes, hex
     * @param nanoTime {@link System#nanoTime()} when the answer was complete
     * @param retryAfter the {@code Retry-After} header in seconds, or -1 without one
     * @param code     a problem's {@code code} ({@code application/problem+json} answers), or null
     */
    record Reply(int status, String xCache, String bodySha, long nanoTime, long retryAfter, String code) {}

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    CompletableFuture<Reply> get(TestServer server, String path) {
        return get(server.server.actualPort(), path);
    }

    CompletableFuture<Reply> get(int port, String path) {
        return send(port, path).thenApply(FleetClient::reply);
    }

    /**
     * The client's own future: {@code cancel(true)} on it aborts the exchange and closes its connection (a client
     * that gives up), which cancelling a stage derived from it would not.
     */
    CompletableFuture<HttpResponse<byte[]>> send(TestServer server, String path) {
        return send(server.server.actualPort(), path);
    }

    private CompletableFuture<HttpResponse<byte[]>> send(int port, String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(REQUEST_DEADLINE).GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    /** {@code count} GETs of {@code path}, all sent before any is answered. */
    List<CompletableFuture<Reply>> burst(TestServer server, String path, int count) {
        List<CompletableFuture<Reply>> replies = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            replies.add(get(server, path));
        }
        return replies;
    }

    /** Every reply, waiting at most {@link #REQUEST_DEADLINE} in all; a failed request fails the test. */
    static List<Reply> all(List<CompletableFuture<Reply>> replies) {
        long deadline = System.nanoTime() + REQUEST_DEADLINE.toNanos();
        List<Reply> all = new ArrayList<>(replies.size());
        for (CompletableFuture<Reply> reply : replies) {
            try {
                all.add(reply.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (ExecutionException e) {
                throw new AssertionError("request " + all.size() + " failed", e.getCause());
            } catch (TimeoutException e) {
                throw new AssertionError("request " + all.size() + " not answered within " + REQUEST_DEADLINE, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
        return all;
    }

    /** How many replies have each value of {@code property}, sorted by value, e.g. {@code {200=1000}}. */
    static <K extends Comparable<K>> Map<K, Long> tally(List<Reply> replies, Function<Reply, K> property) {
        return replies.stream().collect(Collectors.groupingBy(property, TreeMap::new, Collectors.counting()));
    }

    /** Client requests per upstream request: printed (the test's output keeps the figure) and returned to assert. */
    static double coalescingRatio(String burst, long clientRequests, long upstreamRequests) {
        double ratio = (double) clientRequests / upstreamRequests;
        System.out.printf("coalescing ratio, %s: %d client requests / %d upstream = %.1f%n",
                burst, clientRequests, upstreamRequests, ratio);
        return ratio;
    }

    @Override
    public void close() {
        http.close();
    }

    private static Reply reply(HttpResponse<byte[]> response) {
        long now = System.nanoTime();
        boolean problem = response.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json");
        return new Reply(response.statusCode(), response.headers().firstValue("X-Cache").orElse(null),
                sha256(response.body()), now,
                response.headers().firstValue("Retry-After").map(Long::parseLong).orElse(-1L),
                problem ? new io.vertx.core.json.JsonObject(new String(response.body(), java.nio.charset.StandardCharsets.UTF_8))
                        .getString("code") : null);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
