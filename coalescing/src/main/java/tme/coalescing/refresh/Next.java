package tme.coalescing.refresh;

import java.time.Instant;

/** Where a refreshed name goes next: due again at a time, or off the schedule. */
sealed interface Next {

    /** {@code failures}: the new count of consecutive failures, or {@link #KEEP} to leave it as it is. */
    record At(Instant due, int failures) implements Next {}

    record Drop() implements Next {}

    int KEEP = -1;
}
