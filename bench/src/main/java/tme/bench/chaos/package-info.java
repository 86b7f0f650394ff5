/**
 * The chaos run ({@code bench/chaos/run.sh}, {@link tme.bench.chaos.ChaosMain}): a fleet on loopback (two API
 * servers and a refresher, each its own {@code java -jar api/target/tme-api.jar}, each reaching one
 * {@code redis-server} through a {@link tme.redis.testing.RedisProxy} of its own), a fake t.me publishing ~3 posts a
 * second, 10 SSE readers and 3 WebSub subscribers counting every post; faults one after another, one table row
 * each. {@code docs/chaos.md} has the scenarios and a run's table. Not part of {@code mvn verify}.
 */
package tme.bench.chaos;
