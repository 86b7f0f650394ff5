package tme.redis;

/**
 * What became of one command sent through {@link RedisLink}: Redis answered, or it could not be asked.
 * Not reaching Redis is an expected outcome (the caller degrades: treats it as a miss, loads by itself),
 * so it is a value; the returned future fails only for bugs, such as an error reply to a malformed script.
 */
public sealed interface RedisReply<T> {

    /** Why a command did not get an answer. */
    enum Unreached {
        /** The breaker is open: Redis was not asked at all. */
        BREAKER_OPEN,
        /** Every pooled connection stayed busy until the deadline: Redis was not asked; not a Redis failure. */
        POOL_WAIT,
        /** Redis did not answer before the deadline (counts towards opening the breaker). */
        TIMEOUT,
        /** The connection failed or broke (counts towards opening the breaker). */
        ERROR
    }

    /** Redis answered; {@code value} may be {@code null} for a nil reply (e.g. GET of a missing key). */
    record Answered<T>(T value) implements RedisReply<T> {}

    record Unavailable<T>(Unreached reason) implements RedisReply<T> {}
}
