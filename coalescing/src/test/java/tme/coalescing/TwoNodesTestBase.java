package tme.coalescing;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * Two processes in miniature, {@link #a} and {@link #b}, sharing one real redis-server and one test clock, and a
 * loader both call, answering {@code {"v":1}} at first; made for every test and closed after it.
 */
abstract class TwoNodesTestBase {

    static final String KEY = "tme:v1:full:body:durov:0";

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final Node a = Node.sharing(redis, clock);
    final Node b = Node.sharing(redis, clock);
    final CountingLoader loader;

    /** @param freshFor how long the loader's answers stay fresh */
    TwoNodesTestBase(Duration freshFor) {
        loader = CountingLoader.answering("{\"v\":1}", freshFor);
    }

    @AfterEach
    void stop() {
        List.of(a, b).forEach(Node::close);
        redis.close();
    }
}
