package tme.redis;

/**
 * A refresh schedule as Lua, each script one atomic round trip: names that someone asked for recently, each due at
 * a time, claimed by workers so that no two take the same name at once. Generic: a name is any string (the api
 * registers channel names).
 *
 * <p>Six keys, all with one hash tag (e.g. {@code tme:v1:{refresh}:due}), so every script runs on one Redis
 * Cluster slot:
 * <ul>
 *   <li>{@code due}: sorted set, name by the epoch millis it is due at (a claimed name: the end of its claim);</li>
 *   <li>{@code asked}: sorted set, name by the last time a reader asked for it (idle names are dropped);</li>
 *   <li>{@code loaded}: hash, name to the last time any process loaded it (a recent load makes a refresh moot);</li>
 *   <li>{@code claims}: hash, name to the token of the worker that holds it;</li>
 *   <li>{@code failures}: hash, name to its consecutive failed refreshes (the worker's backoff);</li>
 *   <li>{@code depths}: hash, name to {@code "<depth>:<epoch millis asked>"}, the deepest refresh readers asked for
 *       lately (a name without an entry is refreshed 1 deep).</li>
 * </ul>
 * Times are the callers' clocks (epoch millis, passed as arguments), like {@link LeaseScripts#CLAIM}'s: the same
 * injected clock that judges everything else, not Redis's {@code TIME}. Millis fit Lua's doubles exactly, and
 * scores are written with {@code %.0f} so they never turn into exponent notation. Sent with {@link Lua#eval}.
 */
public final class ScheduleScripts {

    /** Removes a name from every key of the schedule; KEYS as in {@link #CLAIM}. */
    private static final String FORGET = """
            local function forget(name)
              redis.call('ZREM', KEYS[1], name)
              redis.call('ZREM', KEYS[2], name)
              redis.call('HDEL', KEYS[3], name)
              redis.call('HDEL', KEYS[4], name)
              redis.call('HDEL', KEYS[5], name)
              redis.call('HDEL', KEYS[6], name)
            end
            """;

    /**
     * A name's depth as the {@code depths} hash (KEYS[n]) holds it, when asked at or after {@code since}: the depth
     * and the time asked, else nil (a depth nobody asked for within the idle period no longer holds).
     */
    private static final String DEPTH = """
            local function depthOf(key, name, since)
              local held = redis.call('HGET', key, name)
              if not held then return nil end
              local depth, at = string.match(held, '^(%d+):(%d+)$')
              if not depth or tonumber(at) < tonumber(since) then return nil end
              return tonumber(depth), at
            end
            """;

    /**
     * KEYS: due, asked, depths. ARGV: now, depth, idleBefore (a depth asked before this no longer holds), then the
     * names. Each name's asked time becomes now; a name not scheduled yet is due now (one already scheduled, claimed
     * or backing off keeps its time). A depth above 1 is recorded, asked now, unless a deeper one asked since
     * {@code idleBefore} holds. Answers how many names were new.
     */
    public static final String REGISTER = DEPTH + """
            local added = 0
            local depth = tonumber(ARGV[2])
            for i = 4, #ARGV do
              redis.call('ZADD', KEYS[2], ARGV[1], ARGV[i])
              added = added + redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[i])
              if depth > 1 then
                local held = depthOf(KEYS[3], ARGV[i], ARGV[3])
                if not held or held <= depth then
                  redis.call('HSET', KEYS[3], ARGV[i], depth .. ':' .. ARGV[1])
                end
              end
            end
            return added
            """;

    /**
     * KEYS: due, asked. ARGV: now, then (name, asked at) pairs. Puts back names a process remembers registering after
     * Redis lost them (restarted empty, flushed): each name's asked time becomes the later of the remembered one and
     * the one Redis holds (so a name nobody asks for still goes idle on time), and a name not scheduled is due now.
     * Answers how many names were new to the schedule.
     */
    public static final String RESTORE = """
            local added = 0
            for i = 2, #ARGV, 2 do
              local held = redis.call('ZSCORE', KEYS[2], ARGV[i])
              if not held or tonumber(held) < tonumber(ARGV[i + 1]) then
                redis.call('ZADD', KEYS[2], ARGV[i + 1], ARGV[i])
              end
              added = added + redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[i])
            end
            return added
            """;

    /**
     * KEYS: asked, loaded. ARGV: name, now. Records that a process loaded the name now, if the name is scheduled
     * at all (loads of names nobody registered leave nothing behind). Answers 1 when recorded.
     */
    public static final String LOADED = """
            if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
              redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
              return 1
            end
            return 0
            """;

    /**
     * KEYS: due, asked, loaded, claims, failures, depths. ARGV: now, limit, claimUntil (now + the claim's lease),
     * idleBefore (names asked before this are dropped), recentAfter (a load after this makes a refresh moot),
     * interval millis, token, sweepLimit (idle names dropped per call at most).
     *
     * <p>Drops idle names, then takes up to {@code limit} due names in due order. A name loaded after
     * {@code recentAfter} is not claimed but moved to its load time plus the interval; every other one is
     * claimed: due at {@code claimUntil} (so a crashed worker's names come back when its claim lapses) and held
     * under {@code token}. Answers {claimed (flat: name, its due score, its failures, its depth), skipped, dropped,
     * due now and still unclaimed, scheduled names}; a depth nobody asked for since {@code idleBefore} is removed
     * (the name is refreshed 1 deep).
     */
    public static final String CLAIM = FORGET + DEPTH + """
            local idle = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[4], 'LIMIT', 0, ARGV[8])
            for _, name in ipairs(idle) do forget(name) end
            local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, ARGV[2])
            local claimed = {}
            local skipped = 0
            for i = 1, #due, 2 do
              local name = due[i]
              local loadedAt = tonumber(redis.call('HGET', KEYS[3], name))
              if loadedAt and loadedAt > tonumber(ARGV[5]) then
                redis.call('ZADD', KEYS[1], string.format('%.0f', loadedAt + tonumber(ARGV[6])), name)
                skipped = skipped + 1
              else
                redis.call('ZADD', KEYS[1], ARGV[3], name)
                redis.call('HSET', KEYS[4], name, ARGV[7])
                table.insert(claimed, name)
                table.insert(claimed, due[i + 1])
                table.insert(claimed, redis.call('HGET', KEYS[5], name) or '0')
                local depth = depthOf(KEYS[6], name, ARGV[4])
                if not depth then redis.call('HDEL', KEYS[6], name) end
                table.insert(claimed, tostring(depth or 1))
              end
            end
            return {claimed, skipped, #idle, redis.call('ZCOUNT', KEYS[1], '-inf', ARGV[1]), redis.call('ZCARD', KEYS[1])}
            """;

    /**
     * KEYS: as in {@link #CLAIM}. ARGV: name, token, next (epoch millis; empty: drop the name), failures ("-1":
     * keep, "0": clear, else the new count). Does nothing unless the claim is still the token's: a worker whose
     * claim lapsed (and was taken by another) must not move its successor's schedule. Answers 1 when
     * rescheduled, 2 when dropped, 0 when the claim was no longer ours.
     */
    public static final String FINISH = FORGET + """
            local name = ARGV[1]
            if redis.call('HGET', KEYS[4], name) ~= ARGV[2] then
              return 0
            end
            redis.call('HDEL', KEYS[4], name)
            if ARGV[3] == '' then
              forget(name)
              return 2
            end
            redis.call('ZADD', KEYS[1], 'XX', ARGV[3], name)
            if ARGV[4] == '0' then
              redis.call('HDEL', KEYS[5], name)
            elseif ARGV[4] ~= '-1' then
              redis.call('HSET', KEYS[5], name, ARGV[4])
            end
            return 1
            """;

    private ScheduleScripts() {}
}
