/**
 * Test helpers shared with the later modules through this module's test-jar: a real {@code redis-server} on a
 * free port ({@link tme.cache.testing.RedisServer}), a clock the test moves ({@link tme.cache.testing.TestClock}),
 * an L2 whose reads can be held at a gate ({@link tme.cache.testing.GatedL2}) and a bounded wait on a Vert.x
 * future ({@link tme.cache.testing.Await}).
 */
package tme.cache.testing;
