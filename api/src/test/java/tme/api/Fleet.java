package tme.api;

import io.vertx.core.Vertx;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tme.redis.testing.RedisServer;
import tme.scraper.testing.FakeTme;

/**
 * Production servers ({@link Main#start}, each on its own Vert.x, like separate processes; or really in processes
 * of their own, see {@link #process}) sharing one real {@code redis-server} and one fake t.me, so upstream hits
 * count across the whole fleet. The fake runs on a Vert.x of its own, apart from every server.
 */
final class Fleet implements AutoCloseable {

    final RedisServer redis = RedisServer.start();
    final FakeTme tme;
    private final Vertx fakeVertx = Vertx.vertx();
    private final List<TestServer> servers = new ArrayList<>();
    private final List<FleetProcess> processes = new ArrayList<>();

    /** {@code size} servers on the shared Redis, with {@code env} on top of the test defaults. */
    Fleet(int size, Map<String, String> env, InstantSource clock) {
        tme = FakeTme.start(fakeVertx);
        Map<String, String> shared = new HashMap<>(env);
        shared.put("REDIS_URL", redis.url());
        for (int i = 0; i < size; i++) {
            servers.add(new TestServer(shared, clock, tme));
        }
    }

    /**
     * A refresher (or server) of this fleet loaded {@code channel}'s latest page and stored it in Redis: the baseline
     * its new, edited and deleted posts are told from.
     */
    void awaitBaseline(String channel) {
        FleetAwait.until("the baseline of " + channel + " loaded", () -> tme.hits("/s/" + channel) >= 1,
                () -> "no load of /s/" + channel + " yet");
        FleetAwait.until("the baseline of " + channel + " stored in Redis",
                () -> "1".equals(redis.command("EXISTS", "tme:v1:full:body:" + channel + ":0")),
                () -> redis.command("KEYS", "*"));
    }

    TestServer server(int index) {
        return servers.get(index);
    }

    List<TestServer> servers() {
        return List.copyOf(servers);
    }

    /** A server in a process of its own on the same Redis and fake t.me, with {@code env} on top of that. */
    FleetProcess process(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("REDIS_URL", redis.url());
        all.put("TELEGRAM_BASE_URL", tme.baseUrl().toString());
        FleetProcess process = FleetProcess.start(all);
        processes.add(process);
        return process;
    }

    /** One server's {@code GET /metrics}, read back. */
    static PrometheusText metrics(TestServer server) {
        return PrometheusText.of(server);
    }

    /** One series of one server's {@code GET /metrics} ({@code tme_coalescing_loads_total}, with labels if any). */
    static long metric(TestServer server, String series) {
        return metrics(server).count(series);
    }

    /** {@code series} summed over the given servers. */
    static long sum(String series, List<TestServer> servers) {
        return servers.stream().mapToLong(server -> metric(server, series)).sum();
    }

    @Override
    public void close() {
        processes.forEach(FleetProcess::close);
        servers.forEach(TestServer::close);
        tme.close();
        TestServer.await(fakeVertx.close());
        redis.close();
    }
}
