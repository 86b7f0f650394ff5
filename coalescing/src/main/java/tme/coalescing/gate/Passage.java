package tme.coalescing.gate;

import java.time.Duration;

/**
 * What became of a request sent through the upstream gate: it went through and upstream answered, or the gate
 * refused it before it left this process, saying when trying again makes sense.
 *
 * @param <T> what the upstream call answers
 */
public sealed interface Passage<T> {

    /** The call ran; {@code value} is upstream's answer. */
    record Through<T>(T value) implements Passage<T> {}

    /** The call never ran. {@code retryAfter} is positive: at least a second when nothing better is known. */
    record Refused<T>(Refusal why, Duration retryAfter) implements Passage<T> {}
}
