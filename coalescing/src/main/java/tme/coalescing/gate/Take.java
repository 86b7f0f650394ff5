package tme.coalescing.gate;

import java.time.Duration;

/** What a rate limiter (the fleet's budget, the local bucket, the ramp) answers one request for a token. */
sealed interface Take {

    /** A token is reserved: send after {@code after}. */
    record Granted(Duration after) implements Take {}

    /** The token would come after the caller's deadline, in {@code after}; nothing was reserved. */
    record TooLate(Duration after) implements Take {}

    /** The fleet cools down for {@code left} more; the cooldown was {@code length} when last set (Redis only). */
    record Cooling(Duration left, Duration length) implements Take {}

    /**
     * A client alone would book the budget further ahead than the fleet's burst: ask again in {@code after}, when
     * its token would be that near; nothing was reserved (another client may come meanwhile and take turns).
     */
    record Later(Duration after) implements Take {}

    /** The client's own share is spent: its next token comes in {@code after}; nothing was reserved. */
    record OverShare(Duration after) implements Take {}

    /** Redis could not be asked (breaker open, timeout, error): a local limiter must decide. */
    record Unreached(String reason) implements Take {}
}
