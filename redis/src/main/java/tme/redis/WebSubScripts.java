package tme.redis;

/**
 * A WebSub hub's subscriptions and deliveries as Lua (the api's {@code tme.api.websub}), every key under one hash tag
 * ({@code tme:websub:{websub}:...}), so each script is one atomic round trip on one Cluster slot:
 * <ul>
 *   <li>{@code subs}: hash, subscription id to its JSON (topic, callback, secret, expiry);</li>
 *   <li>{@code topic:<digest>}, {@code host:<host>}: sets of subscription ids, for the per-topic and per-host bounds;</li>
 *   <li>{@code ch:<channel>}: set of the ids whose topic has the channel; {@code channels}: channels with any;</li>
 *   <li>{@code fanned:<channel>:<post>}: set once when a post's deliveries are queued (by whichever server first);</li>
 *   <li>{@code deliveries}: stream of deliveries to make, read by the consumer group {@code hub}, one server each.</li>
 * </ul>
 * Sent with {@link Lua#eval}.
 */
public final class WebSubScripts {

    /**
     * KEYS: subs, topic set, host set, channels, then one {@code ch:} set per channel. ARGV: id, JSON, most per
     * topic, most per host, then the channel names (as the {@code ch:} keys). Answers {@code ok}, or {@code
     * topic_full} / {@code host_full} for a new subscription past a bound (a renewal always passes).
     */
    public static final String SUBSCRIBE = """
            if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
              if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 'topic_full' end
              if redis.call('SCARD', KEYS[3]) >= tonumber(ARGV[4]) then return 'host_full' end
            end
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            redis.call('SADD', KEYS[2], ARGV[1])
            redis.call('SADD', KEYS[3], ARGV[1])
            for i = 5, #KEYS do
              redis.call('SADD', KEYS[i], ARGV[1])
              redis.call('SADD', KEYS[4], ARGV[i])
            end
            return 'ok'
            """;

    /** KEYS and ARGV as {@link #SUBSCRIBE} (without JSON and bounds: id, -, -, -, channels). Answers 1 if it was there. */
    public static final String UNSUBSCRIBE = """
            local had = redis.call('HDEL', KEYS[1], ARGV[1])
            redis.call('SREM', KEYS[2], ARGV[1])
            redis.call('SREM', KEYS[3], ARGV[1])
            for i = 5, #KEYS do
              redis.call('SREM', KEYS[i], ARGV[1])
              if redis.call('SCARD', KEYS[i]) == 0 then redis.call('SREM', KEYS[4], ARGV[i]) end
            end
            return had
            """;

    /**
     * KEYS: fanned mark, the channel's {@code ch:} set, deliveries. ARGV: channel, post, entry id, now (epoch millis),
     * how long the mark is kept (millis), the stream's approximate cap. Queues one delivery per subscription of the
     * channel, once per post for the whole fleet: answers how many, or -1 when another server queued them already.
     */
    public static final String FAN_OUT = """
            if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[5]) then return -1 end
            local ids = redis.call('SMEMBERS', KEYS[2])
            for _, id in ipairs(ids) do
              redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], '*', 'sub', id, 'channel', ARGV[1], 'post', ARGV[2],
                'entry', ARGV[3], 'at', ARGV[4])
            end
            return #ids
            """;

    private WebSubScripts() {}
}
