/**
 * Everything that talks to Redis, and nothing that knows what the bytes mean: the one {@link tme.redis.RedisLink}
 * (a pooled client on one Redis or a Redis Cluster, a deadline on every command, a circuit breaker with an
 * injected clock and a neutral outcome), {@link tme.redis.RedisReply} (answered, or unavailable and why), and our
 * Lua scripts side by side ({@link tme.redis.LeaseScripts} for one load per key across processes,
 * {@link tme.redis.ThrottleScripts} for the fleet's cooldown and request budget, {@link tme.redis.ScheduleScripts}
 * for the refresh schedule), sent the one way
 * {@link tme.redis.Lua} builds, which refuses a script whose keys lie in two cluster hash slots
 * ({@link tme.redis.KeySlot}). {@link tme.redis.Counters} is the one way every module counts its events, and
 * {@link tme.redis.RepeatLog} the one way it logs a failure that repeats (one line a minute per kind; Redis out of
 * reach, {@link tme.redis.RedisUnreachable}, without a stack trace). The breaker has a start-up grace
 * ({@code REDIS_START_GRACE}) and logs its opening and its closing. The bottom of the dependency graph: depends on
 * Vert.x only.
 */
package tme.redis;
