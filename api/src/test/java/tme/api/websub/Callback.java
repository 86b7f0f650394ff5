package tme.api.websub;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A subscriber's callback on loopback (a real HTTP server on port 0, its own Vert.x): answers every POST with the
 * status set ({@link #answer}), records each POST's body and headers and each GET's query.
 */
final class Callback implements AutoCloseable {

    /** One POST: its body as text, whether it carried the resync header. */
    record Post(String body, boolean resync, int answeredWith) {}

    /** {@link #answer}: never answer (the hub's call ends at its timeout). */
    static final int HANG = 0;

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final AtomicInteger status = new AtomicInteger(204);
    private final List<Post> posts = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> gets = new CopyOnWriteArrayList<>();

    Callback() {
        try {
            server = vertx.createHttpServer().requestHandler(request -> request.body().onSuccess(body -> {
                if ("GET".equals(request.method().name())) {
                    Map<String, String> query = new java.util.HashMap<>();
                    request.params().forEach(query::put);
                    gets.add(query);
                    request.response().end(query.getOrDefault("hub.challenge", ""));
                    return;
                }
                int answer = status.get();
                posts.add(new Post(body.toString(StandardCharsets.UTF_8),
                        request.headers().contains(Delivery.RESYNC_HEADER), answer));
                if (answer != HANG) {
                    request.response().setStatusCode(answer).end();
                }
            })).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.actualPort() + "/cb";
    }

    /** Answers the POSTs from now on with {@code code} ({@link #HANG}: not at all). */
    void answer(int code) {
        status.set(code);
    }

    /** Every POST so far. */
    List<Post> posts() {
        return List.copyOf(posts);
    }

    /** The posts (one per line of each body) of the POSTs answered 2xx, in the order they came. */
    List<String> acknowledged() {
        List<String> lines = new ArrayList<>();
        posts.stream().filter(post -> post.answeredWith() / 100 == 2 && !post.resync())
                .forEach(post -> lines.addAll(post.body().lines().toList()));
        return lines;
    }

    List<Map<String, String>> gets() {
        return List.copyOf(gets);
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }
}
