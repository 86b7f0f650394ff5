package tme.scraper.fetch;

import static tme.scraper.fetch.Await.result;

import io.vertx.core.Vertx;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import tme.scraper.testing.FakeTme;

/** One Vert.x per test class; a fresh fake t.me and a client pointed at it for every test. */
abstract class FakeTmeTestBase {

    static Vertx vertx;
    FakeTme fake;
    TmeClient client;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() {
        result(vertx.close());
    }

    @BeforeEach
    void start() {
        fake = FakeTme.start(vertx);
        client = new TmeClient(vertx, new TmeClient.Options(fake.baseUrl(), Duration.ofSeconds(5), maxConnections()));
    }

    @AfterEach
    void stop() {
        client.close();
        fake.close();
    }

    /** Connections the test client may open to the fake. */
    int maxConnections() {
        return 4;
    }
}
