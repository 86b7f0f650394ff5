package tme.bench.memory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code clients} readers sharing one queue of distinct channels: each takes the next channel and reads its latest
 * page in identity, gzip and zstd, and every {@code graphqlEvery}-th channel once more through GraphQL. Counts every
 * answer by kind and status, every timeout and every other failure.
 */
final class Workload {

    static final List<String> CODINGS = List.of("identity", "gzip", "zstd");

    private final URI base;
    private final String prefix;
    private final int channels;
    private final int graphqlEvery;
    private final Duration timeout;
    private final HttpClient http;
    private final AtomicInteger next = new AtomicInteger();
    private final LongAdder answered = new LongAdder();
    // "kind status" (e.g. "gzip 200", "graphql 500") -> answers; "kind timeout" and "kind error" for the others
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final List<String> firstFailures = new ArrayList<>(); // guarded by itself: up to 10 examples
    private final java.util.Queue<Integer> done = new java.util.concurrent.ConcurrentLinkedQueue<>(); // in order

    Workload(URI base, String prefix, int channels, int graphqlEvery, Duration timeout) {
        this.base = base;
        this.prefix = prefix;
        this.channels = channels;
        this.graphqlEvery = graphqlEvery;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout).build();
    }

    /** The name of channel {@code i}: valid for t.me (5 to 32 letters, digits, underscores), the fake serves it. */
    String channel(int i) {
        return String.format("%s_%05d", prefix, i);
    }

    long answered() {
        return answered.sum();
    }

    Map<String, Long> outcomes() {
        Map<String, Long> counts = new java.util.TreeMap<>();
        outcomes.forEach((key, count) -> counts.put(key, count.sum()));
        return counts;
    }

    List<String> firstFailures() {
        synchronized (firstFailures) {
            return List.copyOf(firstFailures);
        }
    }

    /** Runs {@code clients} readers until every channel is read; returns once all are done. */
    void run(int clients) throws InterruptedException {
        List<Thread> readers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            readers.add(Thread.ofPlatform().name("reader-" + c).start(this::read));
        }
        for (Thread reader : readers) {
            reader.join();
        }
    }

    /** What {@code X-Cache} said for channel {@code i}'s identity answer now ("L1", "upstream", ..., or an error). */
    String level(int i) {
        try {
            HttpResponse<byte[]> answer = http.send(body(channel(i), "identity"), HttpResponse.BodyHandlers.ofByteArray());
            return answer.statusCode() + " " + answer.headers().firstValue("x-cache").orElse("-");
        } catch (IOException e) {
            return e.getClass().getSimpleName();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private void read() {
        for (int i = next.getAndIncrement(); i < channels; i = next.getAndIncrement()) {
            String name = channel(i);
            for (String coding : CODINGS) {
                send(coding, body(name, coding));
            }
            if (graphqlEvery > 0 && i % graphqlEvery == 0) {
                send("graphql", graphql(name));
            }
            done.add(i);
        }
    }

    /** The channels read to the end, the last {@code n} of them, newest first. */
    List<Integer> lastDone(int n) {
        List<Integer> all = new ArrayList<>(done);
        List<Integer> last = new ArrayList<>(all.subList(Math.max(0, all.size() - n), all.size()));
        java.util.Collections.reverse(last);
        return last;
    }

    private HttpRequest body(String name, String coding) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/v1/body/" + name)).timeout(timeout);
        if (!coding.equals("identity")) {
            request.header("Accept-Encoding", coding);
        }
        return request.build();
    }

    private HttpRequest graphql(String name) {
        String query = "{\"query\":\"{ body(channel: \\\"" + name + "\\\") { channel { username } content { posts { id } } } }\"}";
        return HttpRequest.newBuilder(base.resolve("/graphql")).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(query)).build();
    }

    private void send(String kind, HttpRequest request) {
        String outcome;
        try {
            HttpResponse<byte[]> answer = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            outcome = kind + " " + answer.statusCode();
            if (answer.statusCode() >= 500) {
                failed(outcome + " " + request.uri() + ": " + new String(answer.body(), 0,
                        Math.min(200, answer.body().length), java.nio.charset.StandardCharsets.UTF_8));
            }
        } catch (HttpTimeoutException e) {
            outcome = kind + " timeout";
            failed(outcome + " " + request.uri());
        } catch (IOException e) {
            outcome = kind + " error";
            failed(outcome + " " + request.uri() + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        outcomes.computeIfAbsent(outcome, o -> new LongAdder()).increment();
        answered.increment();
    }

    private void failed(String example) {
        synchronized (firstFailures) {
            if (firstFailures.size() < 10) {
                firstFailures.add(example);
            }
        }
    }
}
