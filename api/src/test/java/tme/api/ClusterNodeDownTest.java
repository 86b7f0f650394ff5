package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;
import tme.redis.testing.RedisCluster;

/**
 * A master of a cluster without replicas dies: its slots have no server, and the client (which takes a connection
 * to every node for each command) reaches none. Each server's breaker opens for the whole link after three errors,
 * and both keep answering: what they hold in L1 from L1, the rest from t.me, each loading by itself. No 5xx.
 * The dead node refuses connections, so its errors come at once whatever the command deadline: the fleet's 5 s,
 * which no starved CPU holds a command past before the kill (500 ms could, and open a breaker early).
 */
class ClusterNodeDownTest {

    /** L1 copies of L2 entries outlive the test, so "from L1" does not depend on how fast the machine is. */
    static final Map<String, String> ENV = Map.of("MEMORY_CACHE_MAX_TTL", "60s");

    @Test
    void aNodeDies_breakerOpens_l1AndTmeKeepAnswering() {
        try (RedisCluster cluster = RedisCluster.start();
             ClusterFleet fleet = new ClusterFleet(cluster, ENV);
             FleetClient client = new FleetClient()) {
            fleet.tme.anyChannelAs("durov");
            assertEquals("upstream", client.get(fleet.a, "/v1/body/durov").join().xCache());
            assertEquals("L2", client.get(fleet.b, "/v1/body/durov").join().xCache());

            cluster.nodes().get(1).kill();
            List<Reply> cached = new ArrayList<>();
            List<Reply> uncached = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                for (TestServer server : fleet.servers()) {
                    cached.add(client.get(server, "/v1/body/durov").join());
                    uncached.add(client.get(server, "/v1/body/later" + i + server.server.actualPort()).join());
                }
            }

            assertEquals(Map.of(200, 10L), FleetClient.tally(cached, Reply::status));
            assertEquals(Map.of("L1", 10L), FleetClient.tally(cached, Reply::xCache));
            assertEquals(Map.of(200, 10L), FleetClient.tally(uncached, Reply::status));
            assertEquals(Map.of("upstream", 10L), FleetClient.tally(uncached, Reply::xCache));
            assertEquals(1, fleet.tme.hits("/s/durov"));
            for (TestServer server : fleet.servers()) {
                PrometheusText metrics = Fleet.metrics(server);
                assertEquals(1L, metrics.count("tme_redis_breaker_transitions_total{to=\"open\"}"), metrics.toString());
                assertTrue(metrics.count("tme_redis_command_failures_total{reason=\"error\"}") >= 3,
                        "errors opened it: " + metrics);
                assertTrue(metrics.count("tme_redis_bypassed_total") > 0, "then Redis was not asked: " + metrics);
                assertTrue(metrics.count("tme_coalescing_local_fallbacks_total") >= 1, "loads without a lease: " + metrics);
                assertTrue(metrics.count("tme_gate_budget_local_fallbacks_total") >= 1,
                        "the local bucket decided: " + metrics);
                assertEquals(2L, metrics.count("tme_redis_breaker_state"), "open, for 30 s: " + metrics);
            }
        }
    }
}
