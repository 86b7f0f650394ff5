package tme.api;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tme.cache.testing.RedisServer;
import tme.scraper.testing.FakeTme;

/**
 * Production servers ({@link Main#start}, each on its own Vert.x, like separate processes) sharing one real
 * {@code redis-server} and one fake t.me, so upstream hits count across the whole fleet. The fake runs on a
 * Vert.x of its own, so closing a server (its crash) leaves it serving the others.
 */
final class Fleet implements AutoCloseable {

    final RedisServer redis = RedisServer.start();
    final FakeTme tme;
    private final Vertx fakeVertx = Vertx.vertx();
    private final List<TestServer> servers = new ArrayList<>();
    private final List<TestServer> closed = new ArrayList<>();

    /** {@code size} servers on the shared Redis, with {@code env} on top of the test defaults. */
    Fleet(int size, Map<String, String> env, InstantSource clock) {
        tme = FakeTme.start(fakeVertx);
        Map<String, String> shared = new HashMap<>(env);
        shared.put("REDIS_URL", redis.url());
        for (int i = 0; i < size; i++) {
            servers.add(new TestServer(shared, clock, tme));
        }
    }

    TestServer server(int index) {
        return servers.get(index);
    }

    List<TestServer> servers() {
        return List.copyOf(servers);
    }

    /** Closes the server's Vert.x: its timers (lease renewals) stop and its connections close, like a crash. */
    void kill(TestServer server) {
        closed.add(server);
        server.close();
    }

    /** One server's {@code GET /metrics}. */
    static Map<String, Long> metrics(TestServer server) {
        HttpResponse<String> response = server.get("/metrics");
        if (response.statusCode() != 200) {
            throw new AssertionError("GET /metrics: " + response.statusCode() + " " + response.body());
        }
        Map<String, Long> metrics = new TreeMap<>();
        new JsonObject(response.body()).forEach(entry -> metrics.put(entry.getKey(), ((Number) entry.getValue()).longValue()));
        return metrics;
    }

    static long metric(TestServer server, String name) {
        Long value = metrics(server).get(name);
        if (value == null) {
            throw new AssertionError("no metric " + name);
        }
        return value;
    }

    /** {@code name} summed over the given servers. */
    static long sum(String name, List<TestServer> servers) {
        return servers.stream().mapToLong(server -> metric(server, name)).sum();
    }

    @Override
    public void close() {
        servers.stream().filter(server -> !closed.contains(server)).forEach(TestServer::close);
        tme.close();
        TestServer.await(fakeVertx.close());
        redis.close();
    }
}
