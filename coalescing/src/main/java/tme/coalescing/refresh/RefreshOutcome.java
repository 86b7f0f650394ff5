package tme.coalescing.refresh;

import java.time.Instant;
import java.util.Objects;

/**
 * What one refresh of a name came to, as the caller's {@link Refresh} reads upstream: each decides when the name
 * is due next ({@link Rescheduling}).
 */
public sealed interface RefreshOutcome {

    /** Loaded (or found freshly loaded by another process): due again an interval after it was due. */
    record Refreshed() implements RefreshOutcome {}

    /** Upstream asked to pause until {@code until} (a 429's time, the fleet's cooldown end): due exactly then. */
    record Throttled(Instant until) implements RefreshOutcome {
        public Throttled {
            Objects.requireNonNull(until, "until");
        }
    }

    /** Failed for another reason (upstream down, an anomaly, shed by the gate): backs off, bounded. */
    record Failed(String why) implements RefreshOutcome {}

    /** The name no longer exists upstream: dropped from the schedule until a reader asks for it again. */
    record Gone() implements RefreshOutcome {}

    static RefreshOutcome refreshed() {
        return new Refreshed();
    }

    static RefreshOutcome throttledUntil(Instant until) {
        return new Throttled(until);
    }

    static RefreshOutcome failed(String why) {
        return new Failed(why);
    }

    static RefreshOutcome gone() {
        return new Gone();
    }
}
