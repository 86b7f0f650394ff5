package tme.scraper.testing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fresh fake t.me per test, seen through a plain WebClient that follows nothing and decodes nothing: the set-up the
 * fake's own tests share.
 */
abstract class FakeTmeClientTestBase {

    static Vertx vertx;
    static WebClient web;
    FakeTme fake;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
        web = WebClient.create(vertx, new WebClientOptions().setFollowRedirects(false));
    }

    @AfterAll
    static void stopVertx() {
        web.close();
        result(vertx.close());
    }

    @BeforeEach
    void start() {
        fake = FakeTme.start(vertx);
    }

    @AfterEach
    void stop() {
        fake.close();
    }

    HttpResponse<Buffer> call(HttpMethod method, String uri) {
        return result(web.requestAbs(method, fake.baseUrl() + uri).send());
    }

    static <T> T result(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS) /* generous: a busy machine */;
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new AssertionError("request did not succeed in 10s", e);
        }
    }
}
