package tme.api;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tme.api.http.AccessLog;
import tme.scraper.testing.FakeTme;

/**
 * The production server (built by {@link Main#start}) in front of a fake t.me, both on loopback, and a
 * plain JDK HTTP client to call it: real sockets end to end.
 */
final class TestServer implements AutoCloseable {

    /** {@code MAX_CONNECTIONS_PER_ADDRESS} for tests: every test client shares 127.0.0.1. */
    static final String LOOPBACK_CONNECTIONS = "100000";

    final Vertx vertx;
    final FakeTme tme;
    final HttpServer server;
    final Main.Running running;
    private final boolean ownsFake;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    TestServer(Map<String, String> extraEnv) {
        this(extraEnv, InstantSource.system(), null);
    }

    /**
     * @param extraEnv environment on top of the defaults (e.g. {@code REDIS_URL})
     * @param clock    the clock the cache reads (a {@code TestClock} to move time without sleeping)
     * @param shared   a fake t.me to share with other servers (so hits count across a fleet), or null for a new one
     */
    TestServer(Map<String, String> extraEnv, InstantSource clock, FakeTme shared) {
        this(Vertx.vertx(), extraEnv, clock, shared);
    }

    /** On {@code vertx} (e.g. one on the native transport, as {@link Main#main} makes it); closed with the server. */
    TestServer(Vertx vertx, Map<String, String> extraEnv, InstantSource clock, FakeTme shared) {
        this(vertx, extraEnv, clock, shared, AccessLines.discarded());
    }

    /** A new fake t.me and Vert.x; the access log's lines go to {@code accessLog}. */
    static TestServer logging(Map<String, String> extraEnv, InstantSource clock, AccessLog.Sink accessLog) {
        return new TestServer(Vertx.vertx(), extraEnv, clock, null, accessLog);
    }

    /**
     * Every part chosen: the access log's lines (formatted, as in production) go to {@code accessLog}, by default
     * nowhere, so a test run's output is not every request it made.
     */
    TestServer(Vertx vertx, Map<String, String> extraEnv, InstantSource clock, FakeTme shared,
               AccessLog.Sink accessLog) {
        this.vertx = vertx;
        tme = shared != null ? shared : FakeTme.start(vertx);
        ownsFake = shared == null;
        Map<String, String> env = new HashMap<>();
        env.put("PORT", "0");
        env.put("TELEGRAM_BASE_URL", tme.baseUrl().toString());
        env.put("TELEGRAM_TIMEOUT", "2s");
        // Every test client is 127.0.0.1, standing for all of a fleet's readers: tests of the fleet's budget, slots and
        // loads are not held to one client's share. Tests of the share set CLIENT_UPSTREAM_SHARE themselves.
        env.put("CLIENT_UPSTREAM_SHARE", "1");
        // Tests hold loads at the fake and give them TELEGRAM_TIMEOUTs up to 30 s on busy cores: GraphQL's own deadline
        // (5 s by default) must not end those queries first. Tests of the deadline set GRAPHQL_TIMEOUT themselves.
        env.put("GRAPHQL_TIMEOUT", "60s");
        // Bursts of a thousand requests, each on a connection of its own, all from 127.0.0.1: not one greedy client.
        // Tests of the per-address cap set MAX_CONNECTIONS_PER_ADDRESS themselves.
        env.put("MAX_CONNECTIONS_PER_ADDRESS", LOOPBACK_CONNECTIONS);
        // A test's own threads (and a busy machine's other processes, when the tests were started in the same session)
        // are not idle: parses under SCHED_IDLE would wait for them all. Tests of the idle workers set it themselves.
        env.put("PARSE_PRIORITY", "normal");
        env.putAll(extraEnv);
        running = await(Main.start(vertx, Config.fromEnv(env), clock, accessLog));
        server = running.server();
    }

    TestServer() {
        this(Map.of());
    }

    /** The client {@link #get} uses, for requests a test sends without waiting. */
    HttpClient http() {
        return http;
    }

    HttpResponse<String> get(String path, String... headers) {
        return send(request(path, headers).GET().build());
    }

    HttpResponse<String> post(String path, String body) {
        return send(request(path).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").build());
    }

    /** The same POST, answered later: for a request that should still be running while the test goes on. */
    java.util.concurrent.CompletableFuture<HttpResponse<String>> postAsync(String path, String body) {
        return http.sendAsync(request(path).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + path))
                .timeout(Duration.ofSeconds(20));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder;
    }

    /** Sends {@code GET <target>} over a plain socket, for request lines no HTTP client would send; returns the whole answer. */
    String raw(String target) {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.actualPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static JsonObject json(HttpResponse<String> response) {
        return new JsonObject(response.body());
    }

    static <T> T await(io.vertx.core.Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (ownsFake) {
            tme.close();
        }
        // As SIGTERM does: the servers stop before the access log and metrics close. A stop that never ends names the
        // threads at work in the failure's first line, the one a CI summary shows.
        try {
            running.stop(vertx).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the server did not stop within 60 s; " + ThreadsAtWork.summary(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
