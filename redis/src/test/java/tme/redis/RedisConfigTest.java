package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One Redis, or a cluster: several nodes in REDIS_URL, or REDIS_CLUSTER with one seed. */
class RedisConfigTest {

    @Test
    void oneUrl_isOneRedis() {
        RedisConfig config = config("redis://127.0.0.1:6379/2", false);

        assertFalse(config.clustered());
        assertEquals(List.of("redis://127.0.0.1:6379/2"), config.nodes());
        assertFalse(config("unix:///run/redis.sock", false).clustered());
    }

    @Test
    void severalUrls_areAClustersSeeds() {
        RedisConfig config = config("redis://10.0.0.1:7000, redis://10.0.0.2:7000,rediss://10.0.0.3:7000", false);

        assertTrue(config.clustered());
        assertEquals(List.of("redis://10.0.0.1:7000", "redis://10.0.0.2:7000", "rediss://10.0.0.3:7000"),
                config.nodes());
    }

    @Test
    void clusterFlag_oneSeed() {
        RedisConfig config = config("redis://10.0.0.1:7000", true);

        assertTrue(config.clustered());
        assertEquals(List.of("redis://10.0.0.1:7000"), config.nodes());
    }

    @Test
    void clusterNodes_mustBeTcpUrlsOnDatabaseZero() {
        assertEquals("REDIS_URL: every node of a Redis Cluster must start with redis:// or rediss://: ''",
                problem("redis://10.0.0.1:7000,,redis://10.0.0.2:7000", false));
        assertEquals("REDIS_URL: every node of a Redis Cluster must start with redis:// or rediss://: "
                + "'unix:///run/redis.sock'", problem("unix:///run/redis.sock", true));
        assertEquals("REDIS_URL: a Redis Cluster has database 0 only: redis://10.0.0.2:7000/3",
                problem("redis://10.0.0.1:7000,redis://10.0.0.2:7000/3", false));
        assertTrue(config("redis://10.0.0.1:7000/0,redis://10.0.0.2:7000/", false).clustered());
    }

    @Test
    void startGrace_defaultsToThirtySeconds_zeroTurnsItOff_negativeIsRefusedByName() {
        assertEquals(Duration.ofSeconds(30), config("redis://127.0.0.1:6379", false).startGrace());
        assertEquals(Duration.ZERO, new RedisConfig("redis://127.0.0.1:6379", false, Duration.ofMillis(500), 32, 3,
                Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ZERO).startGrace());
        assertEquals("REDIS_START_GRACE must not be negative: PT-1S",
                assertThrows(IllegalArgumentException.class, () -> new RedisConfig("redis://127.0.0.1:6379", false,
                        Duration.ofMillis(500), 32, 3, Duration.ofSeconds(10), Duration.ofSeconds(30),
                        Duration.ofSeconds(-1))).getMessage());
    }

    private static RedisConfig config(String url, boolean cluster) {
        return new RedisConfig(url, cluster, Duration.ofMillis(500), 32, 3, Duration.ofSeconds(10),
                Duration.ofSeconds(30));
    }

    private static String problem(String url, boolean cluster) {
        return assertThrows(IllegalArgumentException.class, () -> config(url, cluster)).getMessage();
    }
}
