package tme.events;

import java.util.Objects;

/**
 * An event offered to a log.
 *
 * @param seq  the publisher's own increasing number for it (the log appends each sequence at most once per name)
 * @param data its bytes, as readers get them
 */
public record Event(long seq, byte[] data) {
    public Event {
        Objects.requireNonNull(data, "data");
        if (seq <= 0) {
            throw new IllegalArgumentException("seq must be positive: " + seq);
        }
    }
}
