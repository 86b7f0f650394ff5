package tme.redis;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;

/**
 * One way to send our scripts ({@link LeaseScripts}, {@link ThrottleScripts}): EVAL with the script's text, not
 * EVALSHA. They are a few hundred bytes, and a Redis restarted or failed over (its script cache empty) then needs
 * no NOSCRIPT retry. Every script names all the keys it touches, in one hash slot, so it runs on a Cluster too.
 */
public final class Lua {

    private Lua() {}

    /** {@code EVAL script numkeys key...}; the caller appends the arguments with {@link Request#arg}. */
    public static Request eval(String script, String... keys) {
        Request eval = Request.cmd(Command.EVAL).arg(script).arg(keys.length);
        for (String key : keys) {
            eval.arg(key);
        }
        return eval;
    }
}
