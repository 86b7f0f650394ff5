package tme.cache;

import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import tme.cache.testing.Await;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * One Vert.x per test class; a fresh {@code redis-server} and test clock for every test, and caches on it whose
 * links are closed after the test.
 */
abstract class RedisTestBase {

    static Vertx vertx;
    RedisServer redis;
    final TestClock clock = new TestClock();
    final List<RedisLink> links = new ArrayList<>();

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() {
        Await.result(vertx.close());
    }

    @BeforeEach
    void startRedis() {
        redis = RedisServer.start();
    }

    /** Redis goes first: a link's close then never waits on a Redis a test left paused. */
    @AfterEach
    void stopRedis() {
        redis.close();
        links.forEach(link -> Await.result(link.close()));
    }

    /** A generous deadline: a cold JVM's first command can be slow, and the tests on it are not about time. */
    CacheConfig config() {
        return CacheConfig.defaults().withRedis(redis.url()).withRedisTimeout(Duration.ofSeconds(5));
    }

    /** A link to this test's Redis with {@code config}'s deadline and pool. */
    RedisLink link(CacheConfig config) {
        RedisLink link = RedisLink.create(vertx, config.withRedis(redis.url()).redis().orElseThrow(), clock);
        links.add(link);
        return link;
    }

    L2 redisL2() {
        return L2.redis(link(config()), clock, config().staleness());
    }

    L2 redisL2(Staleness staleness) {
        return L2.redis(link(config()), clock, staleness);
    }

    /** A cache as one server holds it, on this test's clock. */
    TwoLevelCache server(L2 l2) {
        return TwoLevelCache.create(config(), clock, l2);
    }

    /** A server whose cache and Redis link keep entries stale as {@code staleness} says. */
    TwoLevelCache server(L2 l2, Staleness staleness) {
        return TwoLevelCache.create(config().withStaleness(staleness), clock, l2);
    }

    /** {@code text} stored now, fresh for a minute. */
    Stored json(String text) {
        return json(text, Duration.ofSeconds(60));
    }

    Stored json(String text, Duration freshFor) {
        return Stored.of(text.getBytes(StandardCharsets.UTF_8), 0, clock.instant(), freshFor);
    }
}
