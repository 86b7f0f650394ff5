package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.memory.DirectRoom;
import tme.api.service.Answer;
import tme.coalescing.Source;
import tme.coalescing.Timings;

/**
 * Why requests hung under memory pressure: an error thrown while writing an answer that completed after the handler
 * returned (a miss) was caught by Vert.x's future and reported to the context, never to the request. It must end the
 * request (a 500 from the failure handler), not leave the client waiting (20 s here: room for a loaded machine; the
 * hang it guards against is forever).
 */
class LateAnswerFailureTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void throwWhileWritingALateAnswer_endsTheRequestWith500() throws Exception {
        WorkerExecutor workers = vertx.createSharedWorkerExecutor("late-answer-test", 1);
        Responses responses = new Responses(InstantSource.system(), 1024 * 1024, DirectRoom.unbounded(), workers,
                workers);
        Router router = Router.router(vertx);
        router.get("/late").handler(ctx -> {
            Promise<Answer> answer = Promise.promise();
            responses.send(ctx, answer.future());
            // Completes after the handler returned, as a load does; writing it throws (no stored value).
            vertx.setTimer(20, id -> answer.complete(new Answer.Cached(null, Source.LOAD, Timings.NONE)));
        });
        router.route().failureHandler(ctx -> ctx.response().setStatusCode(500).end("failed: " + ctx.failure()));
        HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.actualPort() + "/late"))
                    .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());

            assertEquals(500, response.statusCode());
            assertEquals("failed: java.lang.NullPointerException", response.body().substring(0,
                    "failed: java.lang.NullPointerException".length()));
        }
    }
}
