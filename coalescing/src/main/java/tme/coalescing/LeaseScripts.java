package tme.coalescing;

/**
 * The lease protocol as Lua, each script one atomic round trip. A lease key holds {@code "L" + token} while a
 * process loads, or {@code "E" + error} for a short while after its load failed with a domain error.
 * Both keys of a script share a hash slot (see {@link LeaseKeys}), so the scripts run on a Redis Cluster too.
 *
 * <p>Sent with EVAL rather than EVALSHA: the scripts are a few hundred bytes, and a Redis restarted or failed
 * over (empty script cache) then needs no NOSCRIPT retry.
 */
final class LeaseScripts {

    /**
     * KEYS: value, lease. ARGV: token, leaseFor millis, insist ("1": take the lease even if a value is cached).
     * Answers {status, value or nil, value's PTTL, error}: status is cached (no lease taken), ours, held or
     * failed (then the error the holder left).
     */
    static final String CLAIM = """
            local value = redis.call('GET', KEYS[1])
            local ttl = redis.call('PTTL', KEYS[1])
            if value and ARGV[3] == '0' then
              return {'cached', value, ttl}
            end
            if redis.call('SET', KEYS[2], 'L' .. ARGV[1], 'NX', 'PX', ARGV[2]) then
              return {'ours', value, ttl}
            end
            local lease = redis.call('GET', KEYS[2])
            if lease and string.sub(lease, 1, 1) == 'E' then
              return {'failed', value, ttl, string.sub(lease, 2)}
            end
            return {'held', value, ttl}
            """;

    /** KEYS: lease. ARGV: token, leaseFor millis. Answers 1 when renewed, 0 when the lease is no longer ours. */
    static final String RENEW = """
            if redis.call('GET', KEYS[1]) == 'L' .. ARGV[1] then
              return redis.call('PEXPIRE', KEYS[1], ARGV[2])
            end
            return 0
            """;

    /**
     * KEYS: lease. ARGV: token, error, millis to share the error ("0": just release). Does nothing unless the
     * lease is still ours: a holder whose lease lapsed must not delete its successor's.
     */
    static final String FINISH = """
            if redis.call('GET', KEYS[1]) ~= 'L' .. ARGV[1] then
              return 0
            end
            if ARGV[3] == '0' then
              return redis.call('DEL', KEYS[1])
            end
            redis.call('SET', KEYS[1], 'E' .. ARGV[2], 'PX', ARGV[3])
            return 1
            """;

    private LeaseScripts() {}
}
