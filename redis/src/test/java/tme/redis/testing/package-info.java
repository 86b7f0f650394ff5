/**
 * Test helpers shared with every later module through this module's test-jar: a real {@code redis-server} on a
 * free port that a test can kill and restart ({@link tme.redis.testing.RedisServer}), a real 3-node Redis Cluster
 * ({@link tme.redis.testing.RedisCluster}, formed with {@code redis-cli --cluster create}) with a base for test
 * classes that share one ({@link tme.redis.testing.RedisClusterTestBase}), a TCP proxy that bends one process's link
 * to Redis while it runs (latency, black hole, cut: {@link tme.redis.testing.RedisProxy}), and a clock the test
 * moves instead of sleeping ({@link tme.redis.testing.TestClock}).
 */
package tme.redis.testing;
