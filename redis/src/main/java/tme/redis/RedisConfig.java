package tme.redis;

import java.time.Duration;
import java.util.Objects;

/**
 * How to reach Redis and when to stop asking it. Invalid values are rejected with the name of the environment
 * variable the api reads them from.
 *
 * @param url            e.g. {@code redis://127.0.0.1:6379} ({@code REDIS_URL})
 * @param timeout        deadline of every command, waiting for a connection included ({@code REDIS_TIMEOUT})
 * @param poolSize       pooled connections ({@code REDIS_POOL_SIZE})
 * @param breakerErrors  consecutive errors that open the breaker
 * @param breakerWindow  ... when they all happened within this window
 * @param breakerOpenFor how long an open breaker bypasses Redis before letting one probe through
 */
public record RedisConfig(String url, Duration timeout, int poolSize, int breakerErrors, Duration breakerWindow,
                          Duration breakerOpenFor) {

    public RedisConfig {
        Objects.requireNonNull(url, "url");
        require(url.startsWith("redis://") || url.startsWith("rediss://") || url.startsWith("unix://"),
                "REDIS_URL must start with redis://, rediss:// or unix://: " + url);
        requirePositive(timeout, "REDIS_TIMEOUT");
        require(poolSize > 0, "REDIS_POOL_SIZE must be positive: " + poolSize);
        require(breakerErrors > 0, "breakerErrors must be positive: " + breakerErrors);
        requirePositive(breakerWindow, "breakerWindow");
        requirePositive(breakerOpenFor, "breakerOpenFor");
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        require(duration.isPositive(), name + " must be positive: " + duration);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
