package tme.api;

import io.vertx.core.Vertx;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tme.redis.testing.RedisCluster;
import tme.scraper.testing.FakeTme;

/**
 * Two production servers on a real Redis Cluster and one fake t.me (so upstream hits count across both), on the
 * system clock like {@link Fleet}. They reach the cluster both ways a deployment may: {@link #a} is given every
 * node ({@code REDIS_URL=redis://n1,redis://n2,redis://n3}), {@link #b} one seed and {@code REDIS_CLUSTER=true}.
 * The cluster belongs to the test class; the fleet to one test. Commands get 5 s rather than 500 ms: these tests are
 * about where commands go, and on a machine shared with other builds a starved CPU can hold one past 500 ms, which
 * would open the breaker and turn shared work local.
 */
final class ClusterFleet implements AutoCloseable {

    final FakeTme tme;
    final TestServer a;
    final TestServer b;
    private final Vertx fakeVertx = Vertx.vertx();

    /** Both servers with {@code env} on top of the test defaults and their way to the cluster. */
    ClusterFleet(RedisCluster cluster, Map<String, String> env) {
        tme = FakeTme.start(fakeVertx);
        env = with(Map.of("REDIS_TIMEOUT", "5s"), env);
        a = new TestServer(with(env, Map.of("REDIS_URL", cluster.urls())), InstantSource.system(), tme);
        b = new TestServer(with(env, Map.of("REDIS_URL", cluster.seed(), "REDIS_CLUSTER", "true")),
                InstantSource.system(), tme);
    }

    List<TestServer> servers() {
        return List.of(a, b);
    }

    /** Counters that say a server failed to reach the cluster, summed over both (all 0 on a healthy cluster). */
    Map<String, Long> redisTrouble() {
        Map<String, Long> trouble = new HashMap<>();
        for (String name : List.of("tme_redis_command_failures_total{reason=\"error\"}", "tme_redis_command_failures_total{reason=\"timeout\"}", "tme_redis_breaker_transitions_total{to=\"open\"}", "tme_redis_bypassed_total",
                "tme_coalescing_local_fallbacks_total", "tme_gate_budget_local_fallbacks_total")) {
            long sum = Fleet.sum(name, servers());
            if (sum != 0) {
                trouble.put(name, sum);
            }
        }
        return trouble;
    }

    @Override
    public void close() {
        a.close();
        b.close();
        tme.close();
        TestServer.await(fakeVertx.close());
    }

    private static Map<String, String> with(Map<String, String> env, Map<String, String> redis) {
        Map<String, String> all = new HashMap<>(env);
        all.putAll(redis);
        return all;
    }
}
