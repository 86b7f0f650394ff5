package tme.bench.burst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.bench.http.Request;

class BurstTest {

    private static final int REQUESTS = 60;

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void stop() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void run_hasEveryRequestInFlightAtOnce() throws Exception {
        // both servers hold every request until all of the burst has arrived, then answer them all: the burst can
        // only end if its requests were really concurrent
        AtomicInteger arrived = new AtomicInteger();
        Queue<HttpServerRequest> held = new ConcurrentLinkedQueue<>();
        int a = serve(arrived, held);
        int b = serve(arrived, held);
        String line = Burst.run(List.of(get(a), get(b)), REQUESTS, Duration.ofSeconds(10));
        assertTrue(line.startsWith("BURST requests=60 answered=60 status_200=60 errors_connect=0 errors_io=0"
                + " timeouts=0 "), line);
        assertEquals(REQUESTS, arrived.get());
    }

    @Test
    void run_countsEachStatusApart() throws Exception {
        AtomicInteger n = new AtomicInteger();
        int port = vertx.createHttpServer().requestHandler(request -> request.response()
                        .setStatusCode(n.incrementAndGet() <= 10 ? 503 : 200).end())
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join().actualPort();
        String line = Burst.run(List.of(get(port)), 30, Duration.ofSeconds(10));
        assertTrue(line.startsWith("BURST requests=30 answered=30 status_200=20 status_503=10 "), line);
    }

    private int serve(AtomicInteger arrived, Queue<HttpServerRequest> held) {
        return vertx.createHttpServer().requestHandler(request -> {
            held.add(request);
            if (arrived.incrementAndGet() == REQUESTS) {
                for (HttpServerRequest waiting; (waiting = held.poll()) != null; ) {
                    waiting.response().end("all here");
                }
            }
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join().actualPort();
    }

    private static Request get(int port) {
        return Request.get(URI.create("http://127.0.0.1:" + port + "/v1/body/cold"), List.of());
    }
}
