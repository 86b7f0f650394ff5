package tme.bench.chaos;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One WebSub subscriber on a loopback port of its own: it verifies intent (echoes {@code hub.challenge}), answers
 * every delivery 204 and records each post id in it ({@link Receipts}); a delivery holding no post it did not
 * already have counts as a repeat, against its newest post. {@link #down()} closes its port (connections refused)
 * and {@link #up()} listens on the same port again.
 */
final class WebSubListener implements AutoCloseable {

    private static final Pattern ENTRY_ID = Pattern.compile("<id>https://t\\.me/" + Publisher.CHANNEL
            + "/(\\d+)</id>");

    final Receipts receipts;
    private final Vertx vertx;
    private final AtomicInteger verifications = new AtomicInteger();
    private int port; // 0 until the first listen; then kept
    private HttpServer server; // null while down

    WebSubListener(String name, Vertx vertx) {
        this.receipts = new Receipts(name);
        this.vertx = vertx;
        up();
    }

    synchronized void up() {
        server = await(vertx.createHttpServer().requestHandler(this::handle).listen(port, "127.0.0.1"));
        port = server.actualPort();
    }

    synchronized void down() {
        await(server.close());
        server = null;
    }

    int verifications() {
        return verifications.get();
    }

    /** Subscribes at the hub of {@code hubPort} to {@code topic}; answers the hub's status (202 expected). */
    int subscribe(int hubPort, String topic) throws Exception {
        String form = "hub.mode=subscribe&hub.topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + URLEncoder.encode("http://127.0.0.1:" + port + "/cb/" + receipts.name,
                StandardCharsets.UTF_8) + "&hub.lease_seconds=86400";
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + hubPort + "/websub"))
                    .timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }

    private void handle(HttpServerRequest request) {
        if ("GET".equals(request.method().name())) {
            String challenge = request.getParam("hub.challenge");
            if ("subscribe".equals(request.getParam("hub.mode"))) {
                verifications.incrementAndGet();
            }
            request.response().setStatusCode(200).end(challenge == null ? "" : challenge);
            return;
        }
        request.body().onSuccess(body -> {
            delivered(body.toString(StandardCharsets.UTF_8));
            request.response().setStatusCode(204).end();
        });
    }

    private void delivered(String feed) {
        Matcher entry = ENTRY_ID.matcher(feed);
        boolean broughtNew = false;
        int newest = -1;
        while (entry.find()) {
            int id = Integer.parseInt(entry.group(1));
            broughtNew |= receipts.arrived(id);
            newest = Math.max(newest, id);
        }
        if (newest < 0) {
            return;
        }
        receipts.delivered(newest);
        if (!broughtNew) {
            receipts.repeated(newest);
        }
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            down();
        }
    }

    static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the subscriber's server did not start or stop in time", e);
        }
    }
}
