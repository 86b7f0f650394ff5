package tme.api;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real WebSub subscriber on loopback (a Vert.x server on port 0, on a Vert.x of its own): it echoes every
 * verification's {@code hub.challenge}, and records every request (method, query, headers, body). Knob: leave the
 * first {@code n} deliveries unanswered (the connection held open), as a subscriber that hangs.
 */
final class Subscriber implements AutoCloseable {

    /** One request the subscriber received. */
    record Received(String method, String uri, Map<String, String> query, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final List<Received> all = new CopyOnWriteArrayList<>();
    private final BlockingQueue<Received> deliveries = new LinkedBlockingQueue<>();
    private final List<Received> acknowledged = new CopyOnWriteArrayList<>();
    private final BlockingQueue<Received> verifications = new LinkedBlockingQueue<>();
    private final AtomicInteger unanswered = new AtomicInteger();
    private final AtomicInteger failing = new AtomicInteger();
    private volatile String redirectTo;

    Subscriber() {
        server = TestServer.await(vertx.createHttpServer().requestHandler(this::handle).listen(0, "127.0.0.1"));
    }

    /** The callback URL at {@code path}. */
    String callback(String path) {
        return "http://127.0.0.1:" + server.actualPort() + path;
    }

    int port() {
        return server.actualPort();
    }

    /** Leaves the next {@code count} deliveries unanswered. */
    Subscriber hangDeliveries(int count) {
        unanswered.set(count);
        return this;
    }

    /** Answers the next {@code count} deliveries 500. */
    Subscriber failDeliveries(int count) {
        failing.set(count);
        return this;
    }

    /** Answers every verification with a 302 to {@code url} instead of the echo. */
    Subscriber redirectVerificationsTo(String url) {
        redirectTo = url;
        return this;
    }

    /** The deliveries answered 204, in the order they came. */
    List<Received> acknowledged() {
        return List.copyOf(acknowledged);
    }

    List<Received> all() {
        return List.copyOf(all);
    }

    Received nextVerification(Duration within) {
        return poll(verifications, within);
    }

    Received nextDelivery(Duration within) {
        return poll(deliveries, within);
    }

    private void handle(HttpServerRequest request) {
        request.body().onSuccess(body -> {
            Map<String, String> query = new java.util.HashMap<>();
            request.params().forEach(query::put);
            Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            request.headers().forEach(headers::put);
            Received received = new Received(request.method().name(), request.uri(), query, headers, body.getBytes());
            all.add(received);
            if ("GET".equals(received.method())) {
                verifications.add(received);
                if (redirectTo != null) {
                    request.response().setStatusCode(302).putHeader("Location", redirectTo).end();
                    return;
                }
                String challenge = query.get("hub.challenge");
                request.response().setStatusCode(200).end(challenge == null ? "" : challenge);
                return;
            }
            deliveries.add(received);
            if (unanswered.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                return; // hangs: never answered
            }
            boolean fails = failing.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0;
            if (!fails) {
                acknowledged.add(received);
            }
            request.response().setStatusCode(fails ? 500 : 204).end();
        });
    }

    private static Received poll(BlockingQueue<Received> queue, Duration within) {
        try {
            return queue.poll(within.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public void close() {
        TestServer.await(vertx.close());
    }
}
