package tme.redis;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.Arrays;

/**
 * One way to send our scripts ({@link LeaseScripts}, {@link ThrottleScripts}, {@link ScheduleScripts}): EVAL with
 * the script's text, not EVALSHA. They are a few hundred bytes and run only on loads, upstream requests and refresh
 * rounds, and a Redis (or a cluster node) restarted or failed over, its script cache empty, then needs no NOSCRIPT
 * retry: every node of a cluster compiles a script the first time one reaches it, whichever node that is.
 *
 * <p>Every key a script touches is passed as a KEY, never built inside the script, so a cluster client routes the
 * script by them; and they must share one hash slot ({@link KeySlot}), checked here on every Redis, standalone
 * included: keys that could not run on a cluster are a bug.
 */
public final class Lua {

    private Lua() {}

    /** {@code EVAL script numkeys key...}; the caller appends the arguments with {@link Request#arg}. */
    public static Request eval(String script, String... keys) {
        if (!KeySlot.shared(keys)) {
            throw new IllegalArgumentException("a script's keys must share one hash slot (one hash tag): "
                    + Arrays.toString(keys));
        }
        Request eval = Request.cmd(Command.EVAL).arg(script).arg(keys.length);
        for (String key : keys) {
            eval.arg(key);
        }
        return eval;
    }
}
