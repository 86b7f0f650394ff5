package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.fetch.Await.result;

import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The whole-request deadline gives the pooled connection back: with a pool of one, a request that
 * outlived its deadline must not keep the next request waiting behind it.
 */
class TmeClientDeadlineTest extends FakeTmeTestBase {

    private static final Duration DEADLINE = Duration.ofMillis(300);

    @Override
    int maxConnections() {
        return 1;
    }

    @Test
    void deadline_hungRequestIsAbandoned_nextRequestGetsTheOnlyConnection() {
        fake.hang("/s/durov");

        try (TmeClient impatient = new TmeClient(vertx, new TmeClient.Options(fake.baseUrl(), DEADLINE, 1))) {
            assertEquals(new Upstream.TimedOut(DEADLINE), result(impatient.channelPage("durov", 0)));

            Upstream next = result(impatient.preview("nosuchchannel"));

            assertEquals(Upstream.Ok.class, next.getClass(), next::toString);
            assertEquals(2, fake.connections(), "the abandoned connection was closed, a new one opened");
        }
    }

    /** t.me sending a byte now and then never trips the idle timeout: only the deadline can free the connection. */
    @Test
    void deadline_tricklingAnswerIsReset_connectionClosedAndNextRequestServed() throws InterruptedException {
        CountDownLatch closed = new CountDownLatch(1);
        HttpServer trickler = result(vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(request -> answer(request, closed))
                .listen());
        URI base = URI.create("http://127.0.0.1:" + trickler.actualPort());

        try (TmeClient impatient = new TmeClient(vertx, new TmeClient.Options(base, DEADLINE, 1))) {
            assertEquals(new Upstream.TimedOut(DEADLINE), result(impatient.channelPage("slow", 0)));
            assertTrue(closed.await(60, TimeUnit.SECONDS), "the trickling connection was closed by the client");

            assertEquals(new Upstream.Ok("fine"), result(impatient.channelPage("fast", 0)));
        } finally {
            result(trickler.close());
        }
    }

    /** {@code /s/slow}: a 200 whose body comes a byte every 50 ms, forever; anything else: "fine". */
    private static void answer(HttpServerRequest request, CountDownLatch closed) {
        if (!request.path().equals("/s/slow")) {
            request.response().end("fine");
            return;
        }
        request.connection().closeHandler(nothing -> closed.countDown());
        request.response().setChunked(true).write("<");
        long trickle = vertx.setPeriodic(50, id -> request.response().write("x"));
        request.response().closeHandler(nothing -> vertx.cancelTimer(trickle));
    }
}
