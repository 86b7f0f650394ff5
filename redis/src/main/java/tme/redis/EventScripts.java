package tme.redis;

/**
 * An append-only event log as Lua (module {@code events}): a capped Redis Stream per name, and beside it the mark, the
 * highest sequence number the fleet has dealt with (appended, or taken as the baseline), so an event is appended once
 * for the whole fleet however many processes offer it. Both keys share one hash tag ({@code tme:events:{name}} and
 * {@code tme:events:{name}:last}). Sent with {@link Lua#eval}.
 */
public final class EventScripts {

    /** An offer of events the publisher knows to be new to it: each above the mark is appended. */
    public static final String MODE_APPEND = "append";
    /**
     * An offer with nothing to tell new from old (a fresh process, or its previous copy lost): with no mark, the
     * newest becomes the mark and nothing is appended; with a mark, those above it are appended as for an append.
     */
    public static final String MODE_BASELINE = "baseline";

    /**
     * Entries a process gives back to a log Redis lost (it appended or read them shortly before): appended as for an
     * append, each with the field {@code restored} set to 1, so a reader can tell them apart (a WebSub delivery after a
     * wipe starts with the whole feed, which holds them).
     */
    public static final String MODE_RESTORE = "restore";

    /**
     * KEYS: stream, mark. ARGV: the stream's approximate cap ({@code XADD MAXLEN ~}), how long both keys are kept
     * after the last change (millis), the mode ({@link #MODE_APPEND}, {@link #MODE_BASELINE} or {@link #MODE_RESTORE}), then (sequence, data)
     * pairs in ascending sequence. Appends each pair whose sequence is above the mark, as fields {@code seq} and
     * {@code data}; an offer at or below the mark is a duplicate (another process appended it first) and is skipped;
     * the mark only rises. Answers a flat list: the mark after the call, 1 when the call took the offer as the baseline
     * (else 0), then (entry id, sequence) for each pair appended.
     */
    public static final String APPEND = """
            local held = redis.call('GET', KEYS[2])
            if not held and ARGV[3] == 'baseline' then
              redis.call('SET', KEYS[2], ARGV[#ARGV - 1], 'PX', ARGV[2])
              return {ARGV[#ARGV - 1], 1}
            end
            local last = tonumber(held or '0')
            local out = {'', 0}
            for i = 4, #ARGV, 2 do
              local seq = tonumber(ARGV[i])
              if seq > last then
                local id
                if ARGV[3] == 'restore' then
                  id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'seq', ARGV[i], 'data', ARGV[i + 1],
                    'restored', '1')
                else
                  id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'seq', ARGV[i], 'data', ARGV[i + 1])
                end
                last = seq
                out[#out + 1] = id
                out[#out + 1] = ARGV[i]
              end
            end
            if #out > 2 then
              redis.call('SET', KEYS[2], string.format('%.0f', last), 'PX', ARGV[2])
              redis.call('PEXPIRE', KEYS[1], ARGV[2])
            end
            out[1] = string.format('%.0f', last)
            return out
            """;

    /**
     * KEYS: stream, versions (a hash: item to the version last appended and its entry id, {@code "<version> <id>"}). ARGV: the stream's approximate cap, how long
     * both keys are kept after the last change (millis), then (item, version, kind, data) quadruples. Appends each
     * whose item the hash does not hold at that version, as fields {@code seq} (0), {@code kind} and {@code data}, and
     * records the version with the entry's id (when it was appended), so a fact is appended once for the fleet per item and version. Answers a flat list: (entry
     * id, item) for each appended.
     */
    public static final String RECORD = """
            local out = {}
            for i = 3, #ARGV, 4 do
              local held = redis.call('HGET', KEYS[2], ARGV[i])
              if not held or string.match(held, '^%S+') ~= ARGV[i + 1] then
                local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'seq', '0', 'kind', ARGV[i + 2],
                  'data', ARGV[i + 3])
                redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1] .. ' ' .. id)
                out[#out + 1] = id
                out[#out + 1] = ARGV[i]
              end
            end
            if #out > 0 then
              redis.call('PEXPIRE', KEYS[1], ARGV[2])
              redis.call('PEXPIRE', KEYS[2], ARGV[2])
            end
            return out
            """;

    /**
     * KEYS: mark. ARGV: a mark a process remembers, how long it is kept (millis). Puts the mark back after Redis lost
     * it (restarted empty, flushed), unless Redis holds one as high already (another process appended since). Answers
     * 1 when it wrote the mark.
     */
    public static final String RESTORE_MARK = """
            local held = redis.call('GET', KEYS[1])
            if held and tonumber(held) >= tonumber(ARGV[1]) then
              return 0
            end
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            return 1
            """;

    private EventScripts() {}
}
