package tme.api;

import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;
import tme.scraper.testing.FakeTme;

/**
 * Servers sharing one fake t.me (so hits count across them), one test clock, and optionally one real
 * {@code redis-server}. The fake runs on its own Vert.x: closing a server closes that server's Vert.x only.
 */
final class CacheFleet implements AutoCloseable {

    final TestClock clock = new TestClock();
    final FakeTme tme;
    final RedisServer redis;
    private final Vertx fakeVertx = Vertx.vertx();
    private final List<TestServer> servers = new ArrayList<>();

    private CacheFleet(boolean withRedis) {
        tme = FakeTme.start(fakeVertx);
        redis = withRedis ? RedisServer.start() : null;
    }

    /** Servers on their memory alone. */
    static CacheFleet withoutRedis() {
        return new CacheFleet(false);
    }

    /** Servers sharing one Redis ({@code REDIS_URL}). */
    static CacheFleet withRedis() {
        return new CacheFleet(true);
    }

    TestServer server() {
        return server(Map.of());
    }

    /** A new server with {@code env} on top of the fleet's (fake t.me, Redis if any). */
    TestServer server(Map<String, String> env) {
        Map<String, String> all = new HashMap<>();
        if (redis != null) {
            all.put("REDIS_URL", redis.url());
        }
        all.putAll(env);
        TestServer server = new TestServer(all, clock, tme);
        servers.add(server);
        return server;
    }

    @Override
    public void close() {
        servers.forEach(TestServer::close);
        tme.close();
        TestServer.await(fakeVertx.close());
        if (redis != null) {
            redis.close();
        }
    }
}
