package tme.coalescing.gate;

import java.time.Duration;

/**
 * The throttle's decision before any timer runs: send after {@code after}, refused now, or ask again after
 * {@code after} (a client alone may not book the budget further ahead than the fleet's burst).
 */
sealed interface Verdict {

    record Go(Duration after) implements Verdict {}

    record Again(Duration after) implements Verdict {}

    record No(Admission.Refused refused) implements Verdict {}
}
