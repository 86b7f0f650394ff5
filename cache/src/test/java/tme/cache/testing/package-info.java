/**
 * Test helpers shared with the later modules through this module's test-jar: an L2 whose reads can be held at a
 * gate ({@link tme.cache.testing.GatedL2}) and a bounded wait on a Vert.x future ({@link tme.cache.testing.Await}).
 * A real {@code redis-server} and the test clock come from the redis module's test-jar ({@code tme.redis.testing}).
 */
package tme.cache.testing;
