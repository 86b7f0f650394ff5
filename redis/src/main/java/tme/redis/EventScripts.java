package tme.redis;

/**
 * An append-only event log as Lua (module {@code events}): a capped Redis Stream per name, and beside it the highest
 * sequence number ever appended, so an event is appended once for the whole fleet however many processes offer it.
 * Both keys share one hash tag ({@code tme:events:{name}} and {@code tme:events:{name}:last}). Sent with {@link Lua#eval}.
 */
public final class EventScripts {

    /**
     * KEYS: stream, last. ARGV: the stream's approximate cap ({@code XADD MAXLEN ~}), how long both keys are kept
     * after the last append (millis), then (sequence, data) pairs in ascending sequence. Appends each pair whose
     * sequence is above the highest one appended so far, as fields {@code seq} and {@code data}; answers a flat list
     * of (entry id, sequence) for those it appended. An offer at or below the mark is a duplicate (another process
     * appended it first) and is skipped; the mark only rises.
     */
    public static final String APPEND = """
            local last = tonumber(redis.call('GET', KEYS[2]) or '0')
            local out = {}
            for i = 3, #ARGV, 2 do
              local seq = tonumber(ARGV[i])
              if seq > last then
                local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'seq', ARGV[i], 'data', ARGV[i + 1])
                last = seq
                out[#out + 1] = id
                out[#out + 1] = ARGV[i]
              end
            end
            if #out > 0 then
              redis.call('SET', KEYS[2], string.format('%.0f', last), 'PX', ARGV[2])
              redis.call('PEXPIRE', KEYS[1], ARGV[2])
            end
            return out
            """;

    private EventScripts() {}
}
