package tme.coalescing.gate;

import java.time.Duration;

/** The throttle's decision before any timer runs: send after {@code after}, or refused now. */
sealed interface Verdict {

    record Go(Duration after) implements Verdict {}

    record No(Admission.Refused refused) implements Verdict {}
}
