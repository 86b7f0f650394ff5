package tme.bench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.bench.openloop.LatenciesTest.field;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.bench.http.Request;

/** The generator against real servers on loopback: a few hundred requests at a low rate, so each test takes < 1 s. */
class OpenLoopTest {

    private final Vertx vertx = Vertx.vertx();
    private final Map<Integer, AtomicInteger> served = new ConcurrentHashMap<>();

    @AfterEach
    void stop() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void run_answersEveryScheduledRequestAndMeasuresOnlyAfterTheWarmup() throws Exception {
        int port = serve(request -> request.response().putHeader("content-type", "application/json").end("{\"ok\":1}"));
        OpenLoop.Result result = OpenLoop.run(settings(List.of(port), "/v1/body/durov", 400, Duration.ofMillis(250),
                Duration.ofMillis(500), Duration.ZERO), WindowProbe.none());
        String line = result.line();
        assertEquals(200, field(line, "requests"), line); // 400/s for 0.5 s
        assertEquals(200, field(line, "ok"), line);
        assertEquals(0, field(line, "errors_status") + field(line, "errors_io") + field(line, "timeouts"), line);
        assertEquals(300, served.get(port).get(), "the warm-up's 100 were sent too");
        assertTrue(field(line, "p50_ms") < 50, line);
    }

    @Test
    void run_spreadsConnectionsOverTheTargets() throws Exception {
        int a = serve(request -> request.response().end("a"));
        int b = serve(request -> request.response().end("b"));
        OpenLoop.Result result = OpenLoop.run(settings(List.of(a, b), "/", 400, Duration.ZERO, Duration.ofMillis(500),
                Duration.ZERO), WindowProbe.none());
        assertEquals(200, field(result.line(), "ok"), result.line());
        assertEquals(200, served.get(a).get() + served.get(b).get());
        assertTrue(served.get(a).get() > 0 && served.get(b).get() > 0, "both served: " + served);
    }

    @Test
    void run_countsRequestsNobodyAnswersAsTimeouts() throws Exception {
        int port = serve(request -> { }); // accepts, reads, never answers
        OpenLoop.Settings settings = new OpenLoop.Settings(List.of(get(port, "/")), 100, Duration.ZERO,
                Duration.ofMillis(200), 4, Duration.ofMillis(150), Duration.ZERO);
        String line = OpenLoop.run(settings, WindowProbe.none()).line();
        assertEquals(20, field(line, "timeouts"), line); // 4 connections stuck, the rest never got one in time
        assertEquals(0, field(line, "requests"), line);
    }

    @Test
    void run_countsNon2xxAnswersAsErrorsAndFollowsConnectionClose() throws Exception {
        AtomicInteger n = new AtomicInteger();
        int port = serve(request -> {
            if (n.incrementAndGet() % 2 == 0) {
                request.response().setStatusCode(503).putHeader("connection", "close").end("busy");
            } else {
                request.response().end("fine");
            }
        });
        String line = OpenLoop.run(settings(List.of(port), "/", 200, Duration.ZERO, Duration.ofMillis(500),
                Duration.ZERO), WindowProbe.none()).line();
        assertEquals(100, field(line, "requests"), line);
        assertEquals(50, field(line, "ok"), line);
        assertEquals(50, field(line, "errors_status"), line);
        assertEquals(0, field(line, "errors_io") + field(line, "timeouts"), line);
    }

    @Test
    void run_againstAPortNobodyListensOn_endsWithTimeoutsInsteadOfHanging() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        OpenLoop.Settings settings = new OpenLoop.Settings(List.of(get(closed, "/")), 100, Duration.ZERO,
                Duration.ofMillis(200), 2, Duration.ofMillis(100), Duration.ZERO);
        String line = OpenLoop.run(settings, WindowProbe.none()).line();
        assertEquals(20, field(line, "timeouts") + field(line, "errors_io"), line);
        assertEquals(0, field(line, "requests"), line);
    }

    @Test
    void run_withWindows_probesAtTheStartAndAtEachWindowsEnd() throws Exception {
        int port = serve(request -> request.response().end("x"));
        AtomicInteger calls = new AtomicInteger();
        List<Integer> indexes = new ArrayList<>();
        OpenLoop.Result result = OpenLoop.run(settings(List.of(port), "/", 200, Duration.ZERO, Duration.ofMillis(600),
                Duration.ofMillis(200)), index -> {
                    indexes.add(index);
                    return "call" + calls.incrementAndGet();
                });
        assertEquals(List.of(-1, 0, 1, 2), indexes);
        assertEquals(List.of("call1", "call2", "call3", "call4"), result.probes());
        assertEquals(3, result.windowLines().size());
        for (String window : result.windowLines()) {
            assertEquals(40, field(window, "requests"), window); // 200/s for 0.2 s
        }
    }

    private OpenLoop.Settings settings(List<Integer> ports, String path, double rate, Duration warmup,
                                       Duration duration, Duration window) {
        List<Request> targets = ports.stream().map(port -> get(port, path)).toList();
        return new OpenLoop.Settings(targets, rate, warmup, duration, 8, Duration.ofSeconds(2), window);
    }

    private static Request get(int port, String path) {
        return Request.get(URI.create("http://127.0.0.1:" + port + path), List.of());
    }

    private int serve(io.vertx.core.Handler<HttpServerRequest> handler) {
        AtomicInteger count = new AtomicInteger();
        HttpServer server = vertx.createHttpServer().requestHandler(request -> {
            count.incrementAndGet();
            handler.handle(request);
        });
        int port = server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join().actualPort();
        served.put(port, count);
        return port;
    }
}
