package tme.coalescing.refresh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.coalescing.refresh.ScheduleHarness.DUE;
import static tme.coalescing.refresh.ScheduleHarness.FAILURES;
import static tme.coalescing.refresh.ScheduleHarness.LOADED;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisCluster;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * The refresh schedule on a real 3-node Redis Cluster: its five keys share the {@code {refresh}} tag, so every
 * script (claim and finish name all five) runs on the one node that owns them, for two processes alike.
 */
class ScheduleClusterTest {

    @Test
    void twoProcesses_registerClaimFinish_onTheScheduleNode() {
        TestClock clock = new TestClock();
        Vertx vertx = Vertx.vertx();
        try (RedisCluster cluster = RedisCluster.start()) {
            RefreshConfig config = RefreshConfig.defaults();
            Schedule a = schedule(vertx, cluster.urls(), clock, config);
            Schedule b = schedule(vertx, cluster.seed(), clock, config);

            Await.result(a.register(List.of("durov", "telegram")));
            Await.result(b.loaded("telegram"));
            Claims byA = Await.result(a.claim(10, "a"));
            Claims byB = Await.result(b.claim(10, "b"));
            Claimed durov = byA.claimed().getFirst();
            boolean finished = Await.result(a.finish(durov, new Next.At(clock.instant().plus(Duration.ofMinutes(1)), 2)));

            assertTrue(byA.reached() && byB.reached());
            assertEquals(List.of("durov"), byA.claimed().stream().map(Claimed::name).toList());
            assertEquals(1, byA.skipped(), "telegram was just loaded by b");
            assertEquals(List.of(), byB.claimed(), "a holds durov");
            assertTrue(finished);
            RedisServer node = cluster.nodeFor(DUE);
            assertEquals(String.valueOf(clock.instant().plus(Duration.ofMinutes(1)).toEpochMilli()),
                    node.command("ZSCORE", DUE, "durov"));
            assertEquals("2", node.command("HGET", FAILURES, "durov"));
            assertTrue(node.command("HGET", LOADED, "telegram") != null, "b's load, on the same node");
        } finally {
            Await.result(vertx.close());
        }
    }

    /** A process's schedule: its own link, in cluster mode (every node listed, or one seed). */
    private static Schedule schedule(Vertx vertx, String url, TestClock clock, RefreshConfig config) {
        RedisConfig redis = new RedisConfig(url, true, Duration.ofSeconds(5), 8, 3, Duration.ofSeconds(10),
                Duration.ofSeconds(30));
        return Schedule.redis(RedisLink.create(vertx, redis, clock), config, clock);
    }
}
