package tme.cache;

import java.time.Duration;

/** What a cache lookup found: a kept value (fresh or stale) and where it came from, or nothing. */
public sealed interface Lookup {

    static Lookup miss() {
        return Miss.INSTANCE;
    }

    /**
     * A value still kept: fresh, or stale within its {@link Staleness#keepFor keep window}.
     *
     * @param stored   the value, with its first-stored time and freshness
     * @param level    the level that answered
     * @param timeLeft freshness left at the lookup (for {@code Cache-Control: max-age}); zero or negative once
     *                 stale, by how long it has been stale
     */
    record Hit(Stored stored, Level level, Duration timeLeft) implements Lookup {

        /** Whether the value was still fresh at the lookup. */
        public boolean fresh() {
            return timeLeft.isPositive();
        }

        /** How long past its freshness the value was at the lookup; zero while fresh. */
        public Duration staleFor() {
            return fresh() ? Duration.ZERO : timeLeft.negated();
        }
    }

    /** Neither level keeps a value (or L2 could not be asked: see the counters). */
    enum Miss implements Lookup {
        INSTANCE
    }
}
