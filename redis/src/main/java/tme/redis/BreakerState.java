package tme.redis;

/**
 * Where the Redis link's circuit breaker stands, for {@code /readyz} and {@code tme_redis_breaker_state}; the
 * {@link #gauge()} values rise with how cut off Redis is.
 */
public enum BreakerState {
    /** Commands go to Redis. */
    CLOSED(0),
    /** The open period is over and one probe is on its way: every other command is still bypassed. */
    HALF_OPEN(1),
    /** Commands are bypassed: the server runs on its memory and t.me. */
    OPEN(2);

    private final int gauge;

    BreakerState(int gauge) {
        this.gauge = gauge;
    }

    /** 0 closed, 1 half open, 2 open. */
    public int gauge() {
        return gauge;
    }
}
