package tme.coalescing.gate;

import java.time.Duration;
import java.util.Objects;

/** What {@link UpstreamSlots#acquire} answers: a slot to send one upstream request with, or a refusal. */
public sealed interface SlotGrant {

    /** A slot is held for the caller; it must {@link Slot#release()} it when the upstream call ends. */
    record Granted(Slot slot) implements SlotGrant {

        public Granted {
            Objects.requireNonNull(slot, "slot");
        }
    }

    /**
     * No slot: {@link Refusal#QUEUE_FULL} for a reader (the queue was full, or its deadline passed while it waited),
     * {@link Refusal#DROPPED} for background work. {@code retryAfter} is whole seconds, at least one.
     */
    record Refused(Refusal why, Duration retryAfter) implements SlotGrant {

        public Refused {
            Objects.requireNonNull(why, "why");
            if (!retryAfter.isPositive()) {
                throw new IllegalArgumentException("retryAfter must be positive: " + retryAfter);
            }
        }
    }
}
