package tme.redis;

/**
 * The lease protocol as Lua, each script one atomic round trip. A lease key holds {@code "L" + token} while a
 * process loads, or {@code "E" + error} for a short while after its load failed with a domain error.
 * Both keys of a script share a hash slot (see {@code tme.coalescing.LeaseKeys}), so the scripts run on a Redis Cluster too.
 *
 * <p>Sent with EVAL rather than EVALSHA: the scripts are a few hundred bytes, and a Redis restarted or failed
 * over (empty script cache) then needs no NOSCRIPT retry.
 */
public final class LeaseScripts {

    /**
     * KEYS: value, lease. ARGV: token, leaseFor millis, insist ("1": take the lease even if a fresh value is
     * cached), now (the caller's clock, epoch millis). Answers {status, value or nil, value's PTTL, error}: status
     * is cached (a fresh value, no lease taken), ours, held or failed (then the error the holder left).
     *
     * <p>A value is kept in Redis past its freshness (stale-while-revalidate, stale-if-error), so its presence
     * no longer means it can be answered: the script decodes the {@code tme.cache.StoredCodec} header (version 1:
     * storedAt at bytes 7..14, freshFor at 15..18, both big-endian millis) and answers {@code cached} only while
     * {@code storedAt + freshFor > now}. Otherwise it tries to take the lease as for a miss, still returning the
     * stale value for the caller to fall back on. Freshness is decoded rather than derived from the PTTL, so
     * servers with different staleness settings agree, and it is judged by the caller's clock (not Redis's), the
     * clock every other freshness decision uses. A value it cannot decode is not fresh. Epoch millis fit Lua's
     * doubles exactly.
     */
    public static final String CLAIM = """
            local function fresh(value, now)
              if not value or string.len(value) < 20 or string.byte(value, 1) ~= 1 then
                return false
              end
              local storedAt = 0
              for i = 8, 15 do storedAt = storedAt * 256 + string.byte(value, i) end
              local freshFor = 0
              for i = 16, 19 do freshFor = freshFor * 256 + string.byte(value, i) end
              return storedAt + freshFor > now
            end
            local value = redis.call('GET', KEYS[1])
            local ttl = redis.call('PTTL', KEYS[1])
            if ARGV[3] == '0' and fresh(value, tonumber(ARGV[4])) then
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
    public static final String RENEW = """
            if redis.call('GET', KEYS[1]) == 'L' .. ARGV[1] then
              return redis.call('PEXPIRE', KEYS[1], ARGV[2])
            end
            return 0
            """;

    /**
     * KEYS: lease. ARGV: token, error, millis to share the error ("0": just release). Does nothing unless the
     * lease is still ours: a holder whose lease lapsed must not delete its successor's.
     */
    public static final String FINISH = """
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
