package tme.api;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real SSE client over loopback (the JDK's HTTP client reading the body line by line on its own thread): each
 * message (its {@code id}, {@code event}, {@code data} and comments) is queued as it arrives, and the end of the
 * stream is a message of its own ({@link Message#END}).
 */
final class SseClient implements AutoCloseable {

    /** One message, as the SSE standard cuts the stream: lines up to a blank line; {@code retry} null if none. */
    record Message(String id, String event, String data, List<String> comments, String retry) {
        static final Message END = new Message(null, "end-of-stream", null, List.of(), null);
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
    final HttpResponse<Stream<String>> response;

    /** Opens {@code GET path} on {@code port} with {@code headers} (name, value, ...); answers once the headers are in. */
    SseClient(int port, String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Accept", "text/event-stream");
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (response.statusCode() == 200) {
            CompletableFuture.runAsync(this::read);
        }
    }

    private void read() {
        String id = null;
        String event = null;
        StringBuilder data = null;
        String retry = null;
        List<String> comments = new ArrayList<>();
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.isEmpty()) {
                    messages.add(new Message(id, event, data == null ? null : data.toString(), List.copyOf(comments),
                            retry));
                    id = null;
                    retry = null;
                    event = null;
                    data = null;
                    comments.clear();
                } else if (line.startsWith(":")) {
                    comments.add(line.substring(1).trim());
                } else if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("retry: ")) {
                    retry = line.substring(7);
                } else if (line.startsWith("event: ")) {
                    event = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = (data == null ? new StringBuilder() : data.append('\n')).append(line.substring(6));
                }
            }
        } catch (RuntimeException closed) {
            // the stream was cut (closed by the test): its end below
        }
        messages.add(Message.END);
    }

    /** The next message that is an event (comments skipped), or null after {@code within}. */
    /**
     * The post ids of the {@code post} events from now up to and including {@code last}, in the order they came;
     * fails when one does not come within {@code within} (or another event comes first), naming what did.
     */
    List<Integer> postIdsUpTo(int last, Duration within) {
        List<Integer> ids = new java.util.ArrayList<>();
        while (ids.isEmpty() || ids.getLast() < last) {
            Message event = nextEvent(within);
            if (event == null || !"post".equals(event.event())) {
                throw new AssertionError("post " + last + " never came; after " + ids + ": " + event);
            }
            ids.add(new io.vertx.core.json.JsonObject(event.data()).getJsonObject("post").getInteger("id"));
        }
        return ids;
    }

    Message nextEvent(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        try {
            while (true) {
                Message message = messages.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (message == null || message.event() != null) {
                    return message;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The next message of any kind, or null after {@code within}. */
    Message next(Duration within) {
        try {
            return messages.poll(within.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public void close() {
        http.shutdownNow();
    }
}
