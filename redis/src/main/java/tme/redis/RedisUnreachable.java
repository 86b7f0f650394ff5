package tme.redis;

/**
 * A future failed because Redis could not be asked ({@link RedisReply.Unavailable}): an expected outcome where a
 * caller turns it into a failure (to try again on its next round). It carries no stack trace: where it was made says
 * nothing, and a log of it is one line.
 */
public final class RedisUnreachable extends RuntimeException {

    private final RedisReply.Unreached reason;

    public RedisUnreachable(RedisReply.Unreached reason) {
        super("Redis unreachable (" + reason + ")", null, false, false);
        this.reason = reason;
    }

    public RedisReply.Unreached reason() {
        return reason;
    }
}
