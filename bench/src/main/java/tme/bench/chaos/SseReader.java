package tme.bench.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One SSE reader of {@code /v1/stream}, behaving as a browser's {@code EventSource} behind a load balancer: when its
 * stream ends it waits what the last {@code retry:} said and reconnects with the last {@code id} as
 * {@code Last-Event-ID}; when its server cannot be reached it goes to the next one. Every post it gets goes to its
 * {@link Receipts}. Runs on a virtual thread of its own until {@link #close()}.
 */
final class SseReader implements AutoCloseable {

    private static final Pattern POST_ID = Pattern.compile("\"post\":\\{\"id\":(\\d+)");
    private static final Duration UNREACHABLE_RETRY = Duration.ofSeconds(1);

    final Receipts receipts;
    private final List<Integer> ports; // the servers, this reader's own first
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private volatile boolean running = true;
    private volatile boolean connected; // a stream is open now
    private int server; // index into ports; the reader's thread only
    private String lastId; // the reader's thread only
    private long retryMillis = 3000; // the reader's thread only

    SseReader(String name, List<Integer> ports) {
        this.receipts = new Receipts(name);
        this.ports = ports;
    }

    SseReader start() {
        Thread.ofVirtual().name("sse-" + receipts.name).start(this::readForever);
        return this;
    }

    boolean connected() {
        return connected;
    }

    private void readForever() {
        while (running) {
            Duration pause;
            try {
                pause = readOneStream();
            } catch (IOException unreachable) {
                server = (server + 1) % ports.size(); // as a load balancer would send it elsewhere
                pause = UNREACHABLE_RETRY;
            } catch (InterruptedException e) {
                return;
            }
            connected = false;
            try {
                Thread.sleep(pause); // EventSource's reconnection delay: the client's behaviour, not a test's wait
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Reads one stream to its end; answers how long to wait before the next. */
    private Duration readOneStream() throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(server)
                + "/v1/stream?channels=" + Publisher.CHANNEL)).header("Accept", "text/event-stream");
        if (lastId != null) {
            request.header("Last-Event-ID", lastId);
        }
        HttpResponse<Stream<String>> response = http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        if (response.statusCode() != 200) {
            response.body().close();
            return Duration.ofMillis(retryMillis);
        }
        connected = true;
        try (Stream<String> lines = response.body()) {
            readMessages(lines);
        } catch (UncheckedIOException cut) {
            // the server went away mid-stream: reconnect as at any end
        }
        return Duration.ofMillis(retryMillis);
    }

    private void readMessages(Stream<String> lines) {
        String id = null;
        String data = null;
        for (String line : (Iterable<String>) lines::iterator) {
            if (!running) {
                return;
            }
            if (line.isEmpty()) {
                if (data != null) {
                    received(id, data);
                }
                id = null;
                data = null;
            } else if (line.startsWith("id: ")) {
                id = line.substring(4);
            } else if (line.startsWith("data: ")) {
                data = line.substring(6);
            } else if (line.startsWith("retry: ")) {
                retryMillis = Long.parseLong(line.substring(7).trim());
            }
        }
    }

    private void received(String id, String data) {
        Matcher post = POST_ID.matcher(data);
        if (!post.find()) {
            return;
        }
        int postId = Integer.parseInt(post.group(1));
        if (!receipts.arrived(postId)) {
            receipts.repeated(postId);
        }
        if (id != null) {
            lastId = id;
        }
    }

    @Override
    public void close() {
        running = false;
        http.shutdownNow();
    }
}
