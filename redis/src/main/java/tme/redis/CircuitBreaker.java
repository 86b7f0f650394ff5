package tme.redis;

import static tme.redis.BreakerState.CLOSED;
import static tme.redis.BreakerState.HALF_OPEN;
import static tme.redis.BreakerState.OPEN;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * Stops asking Redis while it is failing, on the injected clock.
 *
 * <pre>
 * CLOSED --N consecutive errors within the window--> OPEN --openFor passed, next call--> HALF_OPEN (probing)
 * HALF_OPEN --the probe reached Redis--> CLOSED     HALF_OPEN --the probe failed--> OPEN (again for openFor)
 * </pre>
 *
 * Any command that reaches Redis, even one Redis answers with an error reply, resets the count; a single
 * error never opens the breaker. While OPEN or HALF_OPEN every other call is bypassed (counted by the caller).
 * All state is guarded by {@code this}; no method does I/O, so holding the lock is cheap.
 */
final class CircuitBreaker {

    private final InstantSource clock;
    private final Duration window;
    private final Duration openFor;
    private final Runnable onOpen;

    // Guarded by this: the times of the latest consecutive errors, oldest first, at most errorsToOpen of them.
    private final Instant[] recentErrors;
    private int errorCount;
    private BreakerState state = CLOSED;
    private Instant openUntil = Instant.MIN;
    // Guarded by this: transitions into HALF_OPEN (probes sent) and back to CLOSED (a call that reached Redis while
    // the breaker was not closed), for /metrics; openings are counted through onOpen.
    private long probes;
    private long closes;

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
            case HALF_OPEN -> false;
            case OPEN -> {
                if (clock.instant().isBefore(openUntil)) {
                    yield false;
                }
                state = HALF_OPEN;
                probes++;
                yield true;
            }
        };
    }

    Duration openFor() {
        return openFor;
    }

    /** Whether calls are currently bypassed (open, or waiting for the probe's answer). */
    synchronized boolean isOpen() {
        return state != CLOSED;
    }

    /** Where the breaker stands now (an open breaker whose period is over stays open until the next call probes). */
    synchronized BreakerState state() {
        return state;
    }

    /** Transitions since start-up besides openings (which {@code onOpen} hears of): probes sent, and closings. */
    record Transitions(long halfOpened, long closed) {}

    synchronized Transitions transitions() {
        return new Transitions(probes, closes);
    }

    /** The call reached Redis. */
    synchronized void onSuccess() {
        errorCount = 0;
        if (state != CLOSED) {
            closes++;
        }
        state = CLOSED;
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
        if (state == HALF_OPEN) {
            state = OPEN; // openUntil has passed, so the next call probes again
        }
    }

    private boolean recordFailure(Instant now) {
        if (state == HALF_OPEN) {
            return open(now);
        }
        if (state == OPEN) {
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
        state = OPEN;
        openUntil = now.plus(openFor);
        errorCount = 0;
        return true;
    }
}
