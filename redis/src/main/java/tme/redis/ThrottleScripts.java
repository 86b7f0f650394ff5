package tme.redis;

/**
 * The throttle's protocol as Lua, each script one atomic round trip. Both keys share the hash tag of
 * {@code ThrottleConfig.keyPrefix()} ({@code {tme:gate}:cooldown}, {@code {tme:gate}:budget}), so the scripts run
 * on a Redis Cluster too. Sent with EVAL like {@link LeaseScripts}: they are short, and a restarted Redis then
 * needs no NOSCRIPT retry.
 *
 * <p>The cooldown key holds the length (ms) it was last set to and expires when the cooldown ends; it is only
 * ever extended. The budget key holds the GCRA's theoretical arrival time in microseconds of Redis {@code TIME}:
 * one clock for the whole fleet, whatever the servers' clocks say.
 */
public final class ThrottleScripts {

    /** While the fleet cools down, the cooldown and nothing else; then {@code now}, Redis time in µs. */
    private static final String COOLING = """
            local left = redis.call('PTTL', KEYS[1])
            if left > 0 then
              return {left, tonumber(redis.call('GET', KEYS[1])) or left, 0, 0, 0}
            end
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
            """;

    /**
     * The fleet's GCRA: a token no sooner than notBefore, reserved unless it comes after the deadline, or more than
     * {@code horizon} after notBefore (set by the script before: how far ahead the asker may book).
     */
    private static final String FLEET_TOKEN = """
            local at = now + tonumber(ARGV[4])
            local arrival = math.max(tonumber(redis.call('GET', KEYS[2])) or 0, at)
            local sendAt = math.max(at, arrival - tonumber(ARGV[2]))
            local wait = sendAt - now
            if wait > tonumber(ARGV[3]) then
              return {0, 0, wait, 0, sendAt}
            end
            if sendAt - at > horizon then
              return {0, 0, sendAt - at - horizon, 3, sendAt}
            end
            local nextArrival = arrival + tonumber(ARGV[1])
            redis.call('SET', KEYS[2], string.format('%.0f', nextArrival),
              'PX', math.ceil((nextArrival - now) / 1000) + 1000)
            """;

    private static final String GRANTED = """
            return {0, 0, wait, 1, sendAt}
            """;

    /**
     * KEYS: cooldown, budget. ARGV: interval µs (1/rate), tolerance µs ((burst-1) x interval), deadline µs,
     * notBefore µs (the earliest the caller can send, e.g. its ramp slot).
     * Answers {cooldownLeftMs, cooldownLengthMs, waitµs, granted (1 or 0), sendAtµs (Redis time)}:
     * while cooling, the first two are positive and nothing else is looked at; a token later than the deadline
     * is answered with granted 0 and not reserved.
     */
    public static final String BUDGET = COOLING + """
            local horizon = math.huge
            """ + FLEET_TOKEN + GRANTED;

    /**
     * {@link #BUDGET} with a bucket for the client that asks next to the fleet's, in the same round trip. KEYS:
     * cooldown, budget, the client's budget ({@code {tme:gate}:client:<client>}), the clients waiting
     * ({@code {tme:gate}:waiting}, a sorted set: client -> when it last asked, Redis time in µs). ARGV: the fleet's
     * interval µs, tolerance µs, deadline µs, notBefore µs as for {@code BUDGET}, then the client's interval µs
     * (1 / its share of the rate) and tolerance µs ((its burst - 1) x its interval), the client, the window µs
     * within which another client's ask makes the share bind, and 1 when a reader asks (0: background work).
     *
     * <p>Work-conserving: a reader's ask is noted in the waiting set (background work's is not: it never makes a
     * reader's share bind) and asks older than the window are dropped. While no other client asked within the
     * window, only the fleet's budget decides and the client's bucket is neither checked nor charged (a lone client
     * may use the whole budget), but it may book no further ahead than the fleet's burst (its tolerance): a later
     * token is answered granted 3 with how long to wait before asking again, nothing reserved, so a client that comes
     * meanwhile waits behind a burst's worth of the lone one's loads at most, not a deadline's. Otherwise the
     * client's token must be there now: over its share the answer is granted 2 with the wait for its next token, and
     * neither bucket is touched. A fleet token later than the deadline reserves neither. Otherwise both are
     * reserved: the same answers as {@code BUDGET}.
     */
    public static final String CLIENT_BUDGET = COOLING + """
            local window = tonumber(ARGV[8])
            if ARGV[9] == '1' then
              redis.call('ZADD', KEYS[4], string.format('%.0f', now), ARGV[7])
              redis.call('PEXPIRE', KEYS[4], math.ceil(window / 1000) + 1000)
            end
            redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', string.format('(%.0f', now - window))
            local others = redis.call('ZCARD', KEYS[4])
            if redis.call('ZSCORE', KEYS[4], ARGV[7]) then
              others = others - 1
            end
            local shared = others > 0
            local horizon = shared and math.huge or tonumber(ARGV[2])
            local mine = 0
            if shared then
              mine = math.max(tonumber(redis.call('GET', KEYS[3])) or 0, now)
              local mineAt = mine - tonumber(ARGV[6])
              if mineAt > now then
                return {0, 0, mineAt - now, 2, 0}
              end
            end
            """ + FLEET_TOKEN + """
            if shared then
              local nextMine = mine + tonumber(ARGV[5])
              redis.call('SET', KEYS[3], string.format('%.0f', nextMine),
                'PX', math.ceil((nextMine - now) / 1000) + 1000)
            end
            """ + GRANTED;

    /**
     * KEYS: cooldown. ARGV: length ms. Sets the cooldown to end in {@code length} unless it already ends later
     * (compares PTTL: never shortens). Answers {leftMs, lengthMs} of the cooldown as it now stands.
     */
    public static final String COOL_DOWN = """
            local left = redis.call('PTTL', KEYS[1])
            local length = tonumber(ARGV[1])
            if left < length then
              redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[1])
              return {length, length}
            end
            return {left, tonumber(redis.call('GET', KEYS[1])) or left}
            """;

    private ThrottleScripts() {}
}
