package tme.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * Stops asking Redis while it is failing, on the injected clock.
 *
 * <pre>
 * CLOSED --N consecutive errors within the window--> OPEN --openFor passed, next call--> PROBING
 * PROBING --the probe reached Redis--> CLOSED     PROBING --the probe failed--> OPEN (again for openFor)
 * </pre>
 *
 * Any command that reaches Redis, even one Redis answers with an error reply, resets the count; a single
 * error never opens the breaker. While OPEN or PROBING every other call is bypassed (counted by the caller).
 * All state is guarded by {@code this}; no method does I/O, so holding the lock is cheap.
 */
final class CircuitBreaker {

    private enum State { CLOSED, OPEN, PROBING }

    private final InstantSource clock;
    private final Duration window;
    private final Duration openFor;
    private final Runnable onOpen;

    // Guarded by this: the times of the latest consecutive errors, oldest first, at most errorsToOpen of them.
    private final Instant[] recentErrors;
    private int errorCount;
    private State state = State.CLOSED;
    private Instant openUntil = Instant.MIN;

    CircuitBreaker(InstantSource clock, int errorsToOpen, Duration window, Duration openFor, Runnable onOpen) {
        this.clock = clock;
        this.recentErrors = new Instant[errorsToOpen];
        this.window = window;
        this.openFor = openFor;
        this.onOpen = onOpen;
    }

    /** Whether a call may go to Redis now; after the open period exactly one call (the probe) gets through. */
    synchronized boolean tryAcquire() {
        return switch (state) {
            case CLOSED -> true;
            case PROBING -> false;
            case OPEN -> {
                if (clock.instant().isBefore(openUntil)) {
                    yield false;
                }
                state = State.PROBING;
                yield true;
            }
        };
    }

    Duration openFor() {
        return openFor;
    }

    /** Whether calls are currently bypassed (open, or waiting for the probe's answer). */
    synchronized boolean isOpen() {
        return state != State.CLOSED;
    }

    /** The call reached Redis. */
    synchronized void onSuccess() {
        errorCount = 0;
        state = State.CLOSED;
    }

    /** The call failed or timed out. */
    void onFailure() {
        boolean opened;
        synchronized (this) {
            opened = recordFailure(clock.instant());
        }
        if (opened) {
            onOpen.run();
        }
    }

    /** The call never reached Redis for a reason that says nothing about Redis (all connections were busy). */
    synchronized void onNeutral() {
        if (state == State.PROBING) {
            state = State.OPEN; // openUntil has passed, so the next call probes again
        }
    }

    private boolean recordFailure(Instant now) {
        if (state == State.PROBING) {
            return open(now);
        }
        if (state == State.OPEN) {
            return false; // a call that started before the breaker opened
        }
        if (errorCount == recentErrors.length) {
            System.arraycopy(recentErrors, 1, recentErrors, 0, errorCount - 1);
            errorCount--;
        }
        recentErrors[errorCount++] = now;
        boolean allWithinWindow = !recentErrors[0].plus(window).isBefore(now);
        return errorCount == recentErrors.length && allWithinWindow && open(now);
    }

    private boolean open(Instant now) {
        state = State.OPEN;
        openUntil = now.plus(openFor);
        errorCount = 0;
        return true;
    }
}
