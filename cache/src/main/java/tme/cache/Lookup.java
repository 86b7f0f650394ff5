package tme.cache;

import java.time.Duration;

/** What a cache lookup found: a fresh value and where it came from, or nothing. */
public sealed interface Lookup {

    static Lookup miss() {
        return Miss.INSTANCE;
    }

    /**
     * A fresh value.
     *
     * @param stored   the value, with its first-stored time and freshness
     * @param level    the level that answered
     * @param timeLeft freshness left, always positive (for {@code Cache-Control: max-age})
     */
    record Hit(Stored stored, Level level, Duration timeLeft) implements Lookup {}

    /** Neither level holds a fresh value (or L2 could not be asked: see the counters). */
    enum Miss implements Lookup {
        INSTANCE
    }
}
