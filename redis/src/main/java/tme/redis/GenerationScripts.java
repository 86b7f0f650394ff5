package tme.redis;

/** {@link Generation}'s one script. Sent with {@link Lua#eval}. */
public final class GenerationScripts {

    /**
     * KEYS: the generation. ARGV: a new random token. Answers the token Redis holds, after writing the new one when
     * none was there (Redis is new, or lost its data). No expiry: it lives as long as Redis's data does.
     */
    public static final String CHECK = """
            local token = redis.call('GET', KEYS[1])
            if not token then
              redis.call('SET', KEYS[1], ARGV[1])
              return ARGV[1]
            end
            return token
            """;

    private GenerationScripts() {}
}
