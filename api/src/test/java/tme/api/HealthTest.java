package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.CacheHttp.header;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;
import tme.scraper.testing.FakeTme;

/**
 * {@code /healthz}: the process answers, with the version it was built as (also {@code tme_build_info}). {@code /readyz}: the server should get traffic: 200 while it can serve,
 * degraded included (Redis down: see CacheBreakerTest; t.me cooling down), 503 once it is stopping.
 */
class HealthTest {

    @Test
    void healthz_okWithTheBuildsVersion_neverCached() throws IOException {
        try (TestServer server = new TestServer()) {
            HttpResponse<String> alive = server.get("/healthz");

            assertEquals(200, alive.statusCode());
            assertEquals(new JsonObject().put("status", "ok").put("version", pomVersion()), new JsonObject(alive.body()));
            assertEquals("no-store", header(alive, "Cache-Control"));
            assertEquals(1, PrometheusText.of(server).count("tme_build_info{version=\"" + pomVersion() + "\"}"));
        }
    }

    /** The version the root pom gives every module ({@code tme-parent}'s), as Maven filters it in. */
    static String pomVersion() throws IOException {
        String pom = Files.readString(Path.of(System.getProperty("user.dir")).resolveSibling("pom.xml"));
        Matcher version = Pattern.compile("<artifactId>tme-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertTrue(version.find(), "the root pom names its version");
        return version.group(1);
    }

    @Test
    void readyz_withoutRedis_readyOnMemoryAndTme() {
        try (TestServer server = new TestServer()) {
            HttpResponse<String> ready = server.get("/readyz");

            assertEquals(200, ready.statusCode());
            assertEquals("no-store", header(ready, "Cache-Control"));
            assertEquals(report("ready", "off", "off"), new JsonObject(ready.body()));
        }
    }

    @Test
    void readyz_withRedis_readyAndRedisUp() {
        try (RedisServer redis = RedisServer.start();
             TestServer server = new TestServer(Map.of("REDIS_URL", redis.url()))) {
            assertEquals(report("ready", "up", "closed"), new JsonObject(server.get("/readyz").body()));
        }
    }

    @Test
    void readyz_whileTmeCoolsUsDown_degradedButReady() {
        try (TestServer server = new TestServer(Map.of(), new TestClock(), null)) {
            server.tme.throttle(Duration.ofSeconds(30));
            assertEquals(503, CacheHttp.get(server, "/v1/body/durov").statusCode());

            HttpResponse<String> ready = server.get("/readyz");

            assertEquals(200, ready.statusCode());
            JsonObject body = new JsonObject(ready.body());
            long left = body.getLong("cooldown_seconds");
            assertTrue(left == 30 || left == 31, "30s and at most 1s of jitter, rounded up: " + left);
            assertEquals(report("degraded", "off", "off").put("upstream", "cooling_down").put("cooldown_seconds", left),
                    body);
        }
    }

    @Test
    void readyz_whileStopping_503ButStillServing() {
        Vertx fakeVertx = Vertx.vertx();
        FakeTme tme = FakeTme.start(fakeVertx);
        // The drain runs on a real timer, and stopping waits it out: long enough for the requests below on cores
        // kept busy by other work (a cold server's first miss took seconds there), no longer, as the test waits for
        // all of it.
        TestServer server = new TestServer(Map.of("SHUTDOWN_DRAIN", "15s"), InstantSource.system(), tme);
        try {
            Future<Void> closing = server.running.stop(server.vertx); // what SIGTERM does

            CacheHttp.awaitUntil("/readyz answers 503", () -> server.get("/readyz").statusCode() == 503);
            assertEquals(report("stopping", "off", "off"), new JsonObject(server.get("/readyz").body()));
            assertEquals(200, server.get("/healthz").statusCode(), "alive while it drains");
            assertEquals(200, CacheHttp.get(server, "/v1/body/durov").statusCode(), "and still serving, misses too");
            assertFalse(closing.isComplete(), "all within the drain");

            TestServer.await(closing);
        } finally {
            tme.close();
            TestServer.await(fakeVertx.close());
        }
    }

    private static JsonObject report(String status, String redis, String breaker) {
        return new JsonObject().put("status", status).put("redis", redis).put("breaker", breaker).put("upstream", "ok");
    }
}
