package tme.redis.testing;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * One real {@link RedisCluster} for a whole test class, since forming one takes a second or two: started before the
 * class's first test, closed after its last, and emptied before every test so that none reads another's keys.
 */
public abstract class RedisClusterTestBase {

    protected static RedisCluster cluster;

    @BeforeAll
    protected static void startCluster() {
        cluster = RedisCluster.start();
    }

    @AfterAll
    protected static void stopCluster() {
        cluster.close();
    }

    @BeforeEach
    protected void emptyCluster() {
        cluster.flushAll();
    }
}
