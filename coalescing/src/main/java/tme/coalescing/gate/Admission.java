package tme.coalescing.gate;

import java.time.Duration;
import java.time.Instant;

/** What the upstream throttle answers a request: send now, or not at all (and when trying again makes sense). */
public sealed interface Admission {

    /**
     * The caller may send now. {@code sentAt} is the throttle's clock at admission: hand the value back to
     * {@link UpstreamThrottle#report} so an answer can be told apart from those sent before a cooldown.
     */
    record Admitted(Instant sentAt) implements Admission {}

    /** Nothing may be sent; {@code retryAfter} is positive (at least a millisecond; callers round up to seconds). */
    record Refused(Refusal why, Duration retryAfter) implements Admission {}
}
