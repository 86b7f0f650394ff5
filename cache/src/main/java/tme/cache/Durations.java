package tme.cache;

import java.time.Duration;
import java.util.Objects;

/** Validation of configured durations, shared by the cache's and the coalescing module's config records. */
public final class Durations {

    private Durations() {}

    /** Rejects a missing, zero or negative duration, naming it: {@code REDIS_TIMEOUT must be positive: PT0S}. */
    public static void requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (!value.isPositive()) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}
