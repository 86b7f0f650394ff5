package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;
import tme.redis.testing.RedisClusterTestBase;
import tme.redis.testing.RedisServer;

/**
 * The fleet tests' core cases on a real 3-node Redis Cluster (one per class, emptied between tests): two servers
 * share one t.me load of a cold key through its lease, answer each other's values from L2, honour the fleet's
 * cooldown after one 429 and share one budget; and the scripts keep running when every node's script cache is
 * emptied. Nothing ever falls back to local work: every script's keys live in one slot, on the node it went to.
 */
class ClusterFleetTest extends RedisClusterTestBase {

    static final int REQUESTS_EACH = 100;

    ClusterFleet fleet;
    final FleetClient client = new FleetClient();

    @AfterEach
    void stop() {
        client.close();
        if (fleet != null) {
            fleet.close();
        }
    }

    @Test
    void coldKey_burstsOnBothServers_oneUpstreamLoadThroughTheLease() {
        start(FleetTestBase.HELD_LOADS_ENV);
        fleet.tme.holdRequests();
        List<CompletableFuture<Reply>> burst = new ArrayList<>(client.burst(fleet.a, "/v1/body/durov", REQUESTS_EACH));
        FleetAwait.held(fleet.tme, 1); // a holds the lease and loads
        burst.addAll(client.burst(fleet.b, "/v1/body/durov", REQUESTS_EACH));
        FleetAwait.until("b's requests in, waiting on a's lease",
                () -> Fleet.metric(fleet.b, "tme_coalescing_lease_waits_total") == 1
                        && Fleet.metric(fleet.b, "tme_coalescing_joins_total") == REQUESTS_EACH - 1,
                () -> Fleet.metrics(fleet.b).toString());

        fleet.tme.release();

        List<Reply> replies = FleetClient.all(burst);
        assertEquals(1, fleet.tme.totalHits());
        assertEquals(Map.of(200, 2L * REQUESTS_EACH), FleetClient.tally(replies, Reply::status));
        assertEquals(Map.of("L2", (long) REQUESTS_EACH, "upstream", (long) REQUESTS_EACH),
                FleetClient.tally(replies, Reply::xCache));
        assertEquals(1, FleetClient.tally(replies, Reply::bodySha).size(), "both servers send the same bytes");
        assertEquals(1L, Fleet.sum("tme_coalescing_loads_total", fleet.servers()));
        assertEquals(Map.of(), fleet.redisTrouble());
        String key = "tme:v1:full:body:durov:0";
        assertEquals(List.of(key), cluster.keys("tme:v1:*"));
        assertEquals(List.of(), cluster.keys("*:lease"), "released");
        assertEquals("1", cluster.nodeFor(key).command("EXISTS", key));
    }

    @Test
    void valueLoadedByOneServer_isAnL2HitOnTheOther() {
        start(Map.of());
        String page = "/v1/body/durov?position=490";

        Reply loaded = client.get(fleet.a, page).join();
        Reply shared = client.get(fleet.b, page).join();
        Reply again = client.get(fleet.b, page).join();

        assertEquals(List.of("upstream", "L2", "L1"), List.of(loaded.xCache(), shared.xCache(), again.xCache()));
        assertEquals(loaded.bodySha(), shared.bodySha());
        assertEquals(1, fleet.tme.hits("/s/durov/490"));
        assertEquals(1L, Fleet.metric(fleet.b, "tme_cache_lookups_total{level=\"l2\",result=\"hit\"}"));
        assertEquals(0L, Fleet.metric(fleet.b, "tme_upstream_sent_total"));
        assertEquals(Map.of(), fleet.redisTrouble());
    }

    @Test
    void a429SeenByOneServer_pausesBoth_nothingMoreReachesTme() {
        start(GateCooldownTest.ENV);
        fleet.tme.anyChannelAs("durov").throttle(Duration.ofSeconds(30));

        Reply first = client.get(fleet.a, "/v1/body/first").join();
        List<CompletableFuture<Reply>> sent = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            sent.add(client.get(fleet.servers().get(i % 2), "/v1/body/uncached" + i));
        }
        List<Reply> paused = FleetClient.all(sent);

        assertEquals("upstream_throttled", first.code());
        assertEquals(Map.of("upstream_cooldown", 40L), FleetClient.tally(paused, Reply::code));
        assertTrue(paused.stream().allMatch(reply -> reply.retryAfter() >= 1 && reply.retryAfter() <= 30),
                "Retry-After " + FleetClient.tally(paused, Reply::retryAfter));
        assertEquals(1, fleet.tme.totalHits(), "only the first request reached t.me");
        assertEquals(0L, Fleet.metric(fleet.b, "tme_gate_pause_signals_total{source=\"tme\"}"), "b never met the 429 itself");
        assertEquals(1L, Fleet.metric(fleet.b, "tme_gate_cooldowns_total{origin=\"fleet\"}"), "b learnt it from the cluster");
        assertEquals(20L, Fleet.metric(fleet.b, "tme_gate_refused_total{reason=\"cooldown\"}"));
        RedisServer gateNode = cluster.nodeFor("{tme:gate}:cooldown");
        long left = Long.parseLong(gateNode.command("PTTL", "{tme:gate}:cooldown"));
        assertTrue(left > 25_000 && left <= 30_000, "the fleet's cooldown on the gate's node: " + left + " ms");
        assertEquals(Map.of(), fleet.redisTrouble());
    }

    /** Two servers on 5 requests a second with a burst of 5: together, never more than one fleet's budget. */
    @Test
    void budget_isTheFleets_bothServersTogetherStayWithinIt() {
        start(Map.of("TELEGRAM_RATE", "5", "TELEGRAM_BURST", "5", "TELEGRAM_TIMEOUT", "2s"));
        fleet.tme.anyChannelAs("durov");
        List<CompletableFuture<Reply>> sent = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            sent.add(client.get(fleet.servers().get(i % 2), "/v1/body/budget" + i));
        }
        List<Reply> replies = FleetClient.all(sent);

        long ok = replies.stream().filter(reply -> reply.status() == 200).count();
        assertEquals(Map.of(200, ok, 503, 40 - ok), FleetClient.tally(replies, Reply::status));
        assertTrue(replies.stream().filter(reply -> reply.status() == 503)
                .allMatch(reply -> "upstream_budget".equals(reply.code())), "refused by the budget");
        // Within 2s deadlines: the burst, then 5/s for 2s or so. Two budgets of their own would let 10 through at once.
        assertTrue(ok >= 5 + 5, "requests that reached t.me: " + ok);
        List<Long> arrivals = fleet.tme.arrivals().stream().sorted().toList();
        assertEquals(ok, arrivals.size());
        assertEquals(Map.of(), fleet.redisTrouble());
        assertEquals(0, GateBudgetTest.worstWindowExcess(arrivals), () -> "some window held more than 5 + 5 x seconds: "
                + arrivals.stream().map(t -> (t - arrivals.getFirst()) / 1_000_000).toList());
        assertEquals(ok, Fleet.sum("tme_gate_budget_tokens_taken_total", fleet.servers()));
        assertEquals(Map.of(), fleet.redisTrouble());
    }

    /**
     * Scripts go as EVAL: a node whose script cache is empty (restarted, failed over, flushed) compiles the script
     * when it first arrives. Channels are picked so their keys land on every node.
     */
    @Test
    void scriptCachesEmptiedOnEveryNode_leasesAndBudgetKeepWorking() {
        start(Map.of());
        fleet.tme.anyChannelAs("durov");
        List<String> before = channelsOnEveryNode("before");
        List<String> after = channelsOnEveryNode("after");
        before.forEach(channel -> assertEquals(200, client.get(fleet.a, "/v1/body/" + channel).join().status()));
        List<Long> evals = cluster.callsPerNode("eval");

        cluster.flushScripts();
        List<Reply> replies = new ArrayList<>();
        after.forEach(channel -> replies.add(client.get(fleet.b, "/v1/body/" + channel).join()));
        before.forEach(channel -> replies.add(client.get(fleet.b, "/v1/body/" + channel).join()));

        assertEquals(Map.of("L2", 3L, "upstream", 3L), FleetClient.tally(replies, Reply::xCache));
        List<Long> evalsAfter = cluster.callsPerNode("eval");
        for (int node = 0; node < evals.size(); node++) {
            assertTrue(evals.get(node) > 0 && evalsAfter.get(node) > evals.get(node),
                    "EVALs reached every node, before and after the flush: " + evals + " then " + evalsAfter);
        }
        assertEquals(6L, Fleet.sum("tme_gate_budget_tokens_taken_total", fleet.servers()), "every budget script answered");
        assertEquals(Map.of(), fleet.redisTrouble());
    }

    private void start(Map<String, String> env) {
        fleet = new ClusterFleet(cluster, env);
    }

    /** Three channels named {@code prefix<n>} whose latest pages' keys are served by three different nodes. */
    private static List<String> channelsOnEveryNode(String prefix) {
        List<String> found = new ArrayList<>(java.util.Collections.nCopies(cluster.nodes().size(), null));
        for (int i = 0; found.contains(null); i++) {
            String channel = prefix + i;
            int node = cluster.nodes().indexOf(cluster.nodeFor("tme:v1:full:body:" + channel + ":0"));
            if (found.get(node) == null) {
                found.set(node, channel);
            }
        }
        return List.copyOf(found);
    }
}
