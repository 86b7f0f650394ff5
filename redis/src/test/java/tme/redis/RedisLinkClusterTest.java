package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.testing.RedisCluster;
import tme.redis.testing.RedisClusterTestBase;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * The link in the client's cluster mode on a real 3-node Redis Cluster: commands and scripts go to the node of
 * their keys' slot, whichever seed the client started from; a script cache emptied on every node costs nothing
 * (EVAL, never EVALSHA); and a small pool under a burst spanning the client's slot-map reloads never wedges.
 */
class RedisLinkClusterTest extends RedisClusterTestBase {

    /** {@code redis.call('SET', KEYS[1], ARGV[1])}, touching one key: runs on the node of that key. */
    static final String SET_AND_ECHO = "redis.call('SET', KEYS[1], ARGV[1]) return ARGV[1]";

    /** One key per node, in node order. */
    static List<String> keyPerNode;

    final Vertx vertx = Vertx.vertx();
    RedisLink link;

    /** After {@link #startCluster()}: JUnit calls a superclass's {@code @BeforeAll} methods first. */
    @BeforeAll
    static void findKeyPerNode() {
        keyPerNode = keysOnEveryNode(cluster);
    }

    @AfterEach
    void close() throws Exception {
        if (link != null) {
            await(link.close());
        }
        await(vertx.close());
    }

    @Test
    void severalUrls_scriptsRunOnTheNodeOfTheirKey_onEveryNode() throws Exception {
        link = link(cluster.urls(), false, 32);
        List<Long> evalsBefore = cluster.callsPerNode("eval");

        for (String key : keyPerNode) {
            assertEquals(key, answer(link.send(Lua.eval(SET_AND_ECHO, key).arg(key))).toString());
        }

        for (int node = 0; node < keyPerNode.size(); node++) {
            String key = keyPerNode.get(node);
            RedisServer owner = cluster.nodes().get(node);
            assertEquals(key, owner.command("GET", key), "written on the node of its slot");
            assertEquals(evalsBefore.get(node) + 1, owner.calls("eval"), "one EVAL reached node " + node);
        }
        assertEquals(List.of(), errors());
    }

    @Test
    void oneSeedInClusterMode_learnsEveryNode_andPipelinesGetWithTtl() throws Exception {
        link = link(cluster.seed(), true, 32);
        for (String key : keyPerNode) {
            answer(link.send(Request.cmd(Command.SET).arg(key).arg("v-" + key).arg("PX").arg(60_000)));
        }

        for (String key : keyPerNode) {
            List<Response> getWithTtl = answer(link.batch(List.of(Request.cmd(Command.GET).arg(key),
                    Request.cmd(Command.PTTL).arg(key))));
            assertEquals("v-" + key, getWithTtl.get(0).toString());
            long ttl = getWithTtl.get(1).toLong();
            assertTrue(ttl > 0 && ttl <= 60_000, "PTTL " + ttl);
        }
        assertEquals(List.of(), errors());
    }

    @Test
    void scriptCachesEmptiedOnEveryNode_scriptsStillRun_noNoscript() throws Exception {
        link = link(cluster.urls(), false, 32);
        for (String key : keyPerNode) {
            answer(link.send(Lua.eval(SET_AND_ECHO, key).arg("before")));
        }

        cluster.flushScripts(); // as a restart or failover of every node would

        for (String key : keyPerNode) {
            assertEquals("after", answer(link.send(Lua.eval(SET_AND_ECHO, key).arg("after"))).toString());
            assertEquals("after", cluster.nodeFor(key).command("GET", key));
        }
        assertEquals(List.of(), errors());
    }

    @Test
    void keySlot_agreesWithTheCluster() {
        for (String key : List.of("123456789", "tme:v1:full:body:durov:0", "{tme:v1:full:body:durov:0}:lease",
                "{tme:gate}:cooldown", "tme:v1:{refresh}:due", "tme:v1:missing:durov", "foo{}{bar}", "foo{{bar}}zap",
                "канал:{эмодзи 🎉}")) {
            assertEquals(cluster.slot(key), KeySlot.of(key), key);
        }
    }

    /**
     * Two pooled connections per node, and one burst of 600 commands over every node's keys, one in 20 holding
     * its connection for 100 ms ({@code BLPOP} of an empty list): the pool stays busy for about 1.5 seconds, past
     * the client's slot-map reload (every second). Each command holds a connection to every node, and one whose
     * slot map expired while it waited for them waits for the reload, which needs a connection too: without our
     * permits the pools run dry and those commands wait on each other for good (the rest time out).
     */
    @Test
    void smallPool_busyPastASlotMapReload_everyCommandAnswered() throws Exception {
        link = link(cluster.urls(), false, 2);
        List<Future<RedisReply<Response>>> burst = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            String key = keyPerNode.get(i % keyPerNode.size());
            burst.add(link.send(i % 20 == 0 ? Request.cmd(Command.BLPOP).arg("list-" + key).arg("0.1")
                    : Request.cmd(Command.INCR).arg(key)));
        }

        for (Future<RedisReply<Response>> reply : burst) {
            assertInstanceOf(RedisReply.Answered.class, await(reply), () -> "" + link.counters());
        }
        assertEquals(List.of(), errors());
        long increments = keyPerNode.stream().mapToLong(key -> Long.parseLong(cluster.nodeFor(key).command("GET", key)))
                .sum();
        assertEquals(600 - 600 / 20, increments);
    }

    private RedisLink link(String url, boolean clusterFlag, int poolSize) {
        RedisConfig config = new RedisConfig(url, clusterFlag, Duration.ofSeconds(5), poolSize, 3,
                Duration.ofSeconds(10), Duration.ofSeconds(30));
        assertTrue(config.clustered());
        return RedisLink.create(vertx, config, new TestClock());
    }

    /** Counters that say a command did not reach Redis. */
    private List<String> errors() {
        Map<String, Long> bad = new LinkedHashMap<>(link.counters());
        bad.values().removeIf(count -> count == 0);
        return List.copyOf(bad.keySet());
    }

    private static <T> T answer(Future<RedisReply<T>> reply) throws Exception {
        RedisReply<T> done = await(reply);
        if (done instanceof RedisReply.Answered<T> answered) {
            return answered.value();
        }
        throw new AssertionError("Redis unreached: " + done);
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    private static List<String> keysOnEveryNode(RedisCluster cluster) {
        List<String> found = new ArrayList<>(java.util.Collections.nCopies(cluster.nodes().size(), null));
        for (int i = 0; found.contains(null); i++) {
            String key = "k" + i;
            int node = cluster.nodes().indexOf(cluster.nodeFor(key));
            if (found.get(node) == null) {
                found.set(node, key);
            }
        }
        return List.copyOf(found);
    }
}
