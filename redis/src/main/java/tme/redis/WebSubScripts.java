package tme.redis;

/**
 * A WebSub hub's subscriptions, their cursors and their delivery schedule as Lua (the api's {@code tme.api.websub}),
 * every key under one hash tag ({@code tme:websub:{websub}:...}), so each script is one atomic round trip on one
 * Cluster slot:
 * <ul>
 *   <li>{@code subs}: hash, subscription id to its JSON (topic, callback, secret, expiry, channels);</li>
 *   <li>{@code topic:<digest>}, {@code host:<host>}: sets of subscription ids, for the per-topic and per-host bounds;</li>
 *   <li>{@code ch:<channel>}: set of the ids whose topic has the channel; {@code channels}: channels with any;</li>
 *   <li>{@code cursors}: hash, {@code <id>:<channel>} to the last position of the channel's event log the
 *       subscriber acknowledged (a Redis Stream entry id); it only moves forward;</li>
 *   <li>{@code due}: sorted set, subscription id by when it is to be delivered next (a new post: now; a failure:
 *       its backoff; a claim: the end of its lease);</li>
 *   <li>{@code claims}: hash, subscription id to the token of the server delivering it now;</li>
 *   <li>{@code failing}: hash, subscription id to {@code <since millis>:<attempts>} while its deliveries fail;</li>
 *   <li>{@code dirty}: set of the ids a new post marked since they were last claimed (a post that came during a
 *       delivery is delivered next, not lost when that delivery ends).</li>
 * </ul>
 * The subscription scripts take KEYS subs, topic set, host set, channels, cursors, due, claims, failing, dirty, then
 * one {@code ch:} set per channel ({@link #SUBSCRIPTION_KEYS} fixed ones first). Sent with {@link Lua#eval}.
 */
public final class WebSubScripts {

    /** How many fixed keys {@link #SUBSCRIBE} and {@link #UNSUBSCRIBE} take before the channels' sets. */
    public static final int SUBSCRIPTION_KEYS = 9;

    /**
     * ARGV: id, JSON, most per topic, most per host, then the channel names (as the {@code ch:} keys), then one
     * cursor per channel (set only where the subscription has none: a renewal keeps its position). Answers {@code ok},
     * or {@code topic_full} / {@code host_full} for a new subscription past a bound (a renewal always passes).
     */
    public static final String SUBSCRIBE = """
            if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
              if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 'topic_full' end
              if redis.call('SCARD', KEYS[3]) >= tonumber(ARGV[4]) then return 'host_full' end
            end
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            redis.call('SADD', KEYS[2], ARGV[1])
            redis.call('SADD', KEYS[3], ARGV[1])
            local n = #KEYS - 9
            for k = 1, n do
              redis.call('SADD', KEYS[9 + k], ARGV[1])
              redis.call('SADD', KEYS[4], ARGV[4 + k])
              redis.call('HSETNX', KEYS[5], ARGV[1] .. ':' .. ARGV[4 + k], ARGV[4 + n + k])
            end
            return 'ok'
            """;

    /** KEYS and ARGV as {@link #SUBSCRIBE} (JSON and bounds as {@code -}, no cursors). Answers 1 if it was there. */
    public static final String UNSUBSCRIBE = """
            local had = redis.call('HDEL', KEYS[1], ARGV[1])
            redis.call('SREM', KEYS[2], ARGV[1])
            redis.call('SREM', KEYS[3], ARGV[1])
            for k = 1, #KEYS - 9 do
              redis.call('SREM', KEYS[9 + k], ARGV[1])
              if redis.call('SCARD', KEYS[9 + k]) == 0 then redis.call('SREM', KEYS[4], ARGV[4 + k]) end
              redis.call('HDEL', KEYS[5], ARGV[1] .. ':' .. ARGV[4 + k])
            end
            redis.call('ZREM', KEYS[6], ARGV[1])
            redis.call('HDEL', KEYS[7], ARGV[1])
            redis.call('HDEL', KEYS[8], ARGV[1])
            redis.call('SREM', KEYS[9], ARGV[1])
            return had
            """;

    /**
     * KEYS: the channel's {@code ch:} set, due, dirty. ARGV: now (millis). A new post: every subscription of the
     * channel is due now, except one waiting for a later time (a backoff, a claim), which keeps it; each is marked
     * dirty. Any server may offer the same post: marking twice is marking once. Answers how many subscriptions.
     */
    public static final String DUE = """
            local ids = redis.call('SMEMBERS', KEYS[1])
            for _, id in ipairs(ids) do
              redis.call('ZADD', KEYS[2], 'NX', ARGV[1], id)
              redis.call('SADD', KEYS[3], id)
            end
            return #ids
            """;

    /**
     * KEYS: due, claims, failing, dirty, subs. ARGV: now, lease end (millis), most to claim, token. Claims up to that
     * many subscriptions due by now: each is due again at the lease's end (taken over then if this server dies) and
     * holds the token. Answers, flat per claim: id, its JSON, its failing state (or empty), 1 when it took over a
     * claim whose lease ran out (0 otherwise). A due id without a subscription is forgotten.
     */
    public static final String CLAIM = """
            local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
            local claimed = {}
            for _, id in ipairs(ids) do
              local json = redis.call('HGET', KEYS[5], id)
              if not json then
                redis.call('ZREM', KEYS[1], id)
                redis.call('HDEL', KEYS[2], id)
                redis.call('HDEL', KEYS[3], id)
                redis.call('SREM', KEYS[4], id)
              else
                local before = redis.call('HGET', KEYS[2], id)
                redis.call('ZADD', KEYS[1], 'XX', ARGV[2], id)
                redis.call('HSET', KEYS[2], id, ARGV[4])
                redis.call('SREM', KEYS[4], id)
                table.insert(claimed, id)
                table.insert(claimed, json)
                table.insert(claimed, redis.call('HGET', KEYS[3], id) or '')
                table.insert(claimed, before and 1 or 0)
              end
            end
            return claimed
            """;

    /**
     * KEYS: due, claims. ARGV: id, token, new lease end. Right before a delivery is sent: answers 1 and extends the
     * lease if the claim is still this token's, else 0 (taken over, unsubscribed, or finished): then it is not sent.
     */
    public static final String HOLD = """
            if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
            redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1])
            return 1
            """;

    /**
     * KEYS: due, claims, failing, dirty, cursors. ARGV: id, token, now, 1 when more entries wait (0 otherwise), then
     * pairs of cursor field and position. A delivery ended (acknowledged, or given up): only the claim's own token
     * may end it (0 otherwise, nothing changed); each cursor moves to its position if that is later; the subscription
     * is due again now if more wait or a post came meanwhile, else no longer due. Answers 1.
     */
    public static final String FINISH = """
            local function later(a, b)
              local am, as = string.match(a, '^(%d+)-(%d+)$')
              local bm, bs = string.match(b, '^(%d+)-(%d+)$')
              if not bm then return true end
              am, as, bm, bs = tonumber(am), tonumber(as), tonumber(bm), tonumber(bs)
              return am > bm or (am == bm and as > bs)
            end
            if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
            for i = 5, #ARGV, 2 do
              local was = redis.call('HGET', KEYS[5], ARGV[i])
              if not was or later(ARGV[i + 1], was) then redis.call('HSET', KEYS[5], ARGV[i], ARGV[i + 1]) end
            end
            redis.call('HDEL', KEYS[2], ARGV[1])
            redis.call('HDEL', KEYS[3], ARGV[1])
            if redis.call('SREM', KEYS[4], ARGV[1]) == 1 or ARGV[4] == '1' then
              redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1])
            else
              redis.call('ZREM', KEYS[1], ARGV[1])
            end
            return 1
            """;

    /**
     * KEYS: due, claims, failing. ARGV: id, token, next attempt (millis), failing state. A delivery failed: if the
     * claim is still this token's, the subscription is due at its backoff's end and remembers how long it has been
     * failing (answers 1); else nothing changes (0).
     */
    public static final String RETRY = """
            if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
            redis.call('HDEL', KEYS[2], ARGV[1])
            redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
            redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1])
            return 1
            """;

    private WebSubScripts() {}
}
