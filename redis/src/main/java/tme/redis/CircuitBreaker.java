package tme.redis;

import static tme.redis.BreakerState.CLOSED;
import static tme.redis.BreakerState.HALF_OPEN;
import static tme.redis.BreakerState.OPEN;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

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
 *
 * <p>Timeouts that overlap count once ({@link #onTimeout}): a command that timed out counts only if it was sent
 * after the last failure counted (each command takes a {@link #ticket} as it is sent). A stall of this process or of a busy machine (a GC pause, starved event loops)
 * times out every command in flight at the same moment, and the first command sent after it answers; a Redis that is
 * down or unreachable fails the commands sent after each failure too, so it still opens the breaker, one deadline
 * per counted timeout later. Errors (a refused or broken connection) are evidence on their own and all count.
 *
 * <p>A start-up grace: a command sent before Redis first answered, within {@code startGrace} of the breaker's making,
 * does not count when it fails. A process that starts on a loaded machine connects, loads classes and warms up while
 * its first commands wait, and a slow start is not a failing Redis; the first answer, or the end of the grace, ends
 * it ({@link #graceLeft()} says for how long a command sent now may wait).
 *
 * <p>All state is guarded by {@code this}; no method does I/O, so holding the lock is cheap. The listener is told of
 * every opening and closing outside the lock.
 */
final class CircuitBreaker {

    /** Hears of the transitions worth a log line. */
    interface Listener {
        /** Opened: {@code openSince} is zero at a first opening, else how long it has been open (a probe failed). */
        void opened(Duration openSince);

        /** Closed again after {@code wasOpen}, from its first opening to the probe that reached Redis. */
        void closed(Duration wasOpen);
    }

    private final InstantSource clock;
    private final Duration window;
    private final Duration openFor;
    private final Instant graceEnds;
    private final Listener listener;

    // Guarded by this: the times of the latest consecutive errors, oldest first, at most errorsToOpen of them.
    private final Instant[] recentErrors;
    private int errorCount;
    private BreakerState state = CLOSED;
    private Instant openUntil = Instant.MIN;
    // Guarded by this: when the breaker left CLOSED (a failed probe re-opens it without moving this).
    private Instant openedAt = Instant.MIN;
    // Tickets handed to commands as they are sent (ticket(): no lock, every command takes one), and, guarded by this,
    // the last one handed out when a failure last counted: a timeout of a command with a ticket up to it was in
    // flight with that failure.
    private final AtomicLong tickets = new AtomicLong();
    private long ticketsAtLastCount;
    // Guarded by this: when Redis first answered; until then (and within the grace) failures do not count.
    private Instant firstAnswer = Instant.MAX;
    // Guarded by this: transitions into HALF_OPEN (probes sent) and back to CLOSED (a call that reached Redis while
    // the breaker was not closed), for /metrics; openings are counted through the listener.
    private long probes;
    private long closes;

    CircuitBreaker(InstantSource clock, int errorsToOpen, Duration window, Duration openFor, Duration startGrace,
                   Listener listener) {
        this.clock = clock;
        this.recentErrors = new Instant[errorsToOpen];
        this.window = window;
        this.openFor = openFor;
        this.graceEnds = clock.instant().plus(startGrace);
        this.listener = listener;
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

    /**
     * How much of the start-up grace is left for a command sent now: zero once Redis has answered or the grace is
     * over. Such a command may wait that long, and its failure does not count.
     */
    synchronized Duration graceLeft() {
        Instant now = clock.instant();
        Instant ends = firstAnswer.isBefore(graceEnds) ? firstAnswer : graceEnds;
        return now.isBefore(ends) ? Duration.between(now, ends) : Duration.ZERO;
    }

    /** Whether calls are currently bypassed (open, or waiting for the probe's answer). */
    synchronized boolean isOpen() {
        return state != CLOSED;
    }

    /** Where the breaker stands now (an open breaker whose period is over stays open until the next call probes). */
    synchronized BreakerState state() {
        return state;
    }

    /** Transitions since start-up besides openings (which the listener hears of): probes sent, and closings. */
    record Transitions(long halfOpened, long closed) {}

    synchronized Transitions transitions() {
        return new Transitions(probes, closes);
    }

    /** The call reached Redis. */
    void onSuccess() {
        Duration wasOpen;
        synchronized (this) {
            Instant now = clock.instant();
            if (firstAnswer == Instant.MAX) {
                firstAnswer = now;
            }
            errorCount = 0;
            if (state == CLOSED) {
                return;
            }
            closes++;
            state = CLOSED;
            wasOpen = Duration.between(openedAt, now);
        }
        listener.closed(wasOpen);
    }

    /** A call sent now failed or timed out (as if it had been sent at once). */
    void onFailure() {
        onFailure(clock.instant());
    }

    /**
     * The call sent at {@code sent} failed (a refused or broken connection); one sent in the start-up grace does not
     * count.
     */
    void onFailure(Instant sent) {
        failed(sent, Long.MAX_VALUE);
    }

    /** A command is being sent: its ticket orders it against the failures counted ({@link #onTimeout}). */
    long ticket() {
        return tickets.incrementAndGet();
    }

    /**
     * The call sent at {@code sent} with {@code ticket} missed its deadline. It counts as a failure unless it was sent
     * before the last failure counted (it was in flight with it: one stall or outage, one piece of evidence), or in
     * the start-up grace. A probe's timeout always counts: the breaker opens again.
     */
    void onTimeout(Instant sent, long ticket) {
        failed(sent, ticket);
    }

    /** {@code ticket}: the timed-out command's, else {@link Long#MAX_VALUE} (a failure counts whenever it was sent). */
    private void failed(Instant sent, long ticket) {
        Duration openSince;
        synchronized (this) {
            if (sentInGrace(sent) || (state == CLOSED && ticket <= ticketsAtLastCount)) {
                return;
            }
            Instant now = clock.instant();
            boolean again = state == HALF_OPEN;
            if (!recordFailure(now)) {
                return;
            }
            openSince = again ? Duration.between(openedAt, now) : Duration.ZERO;
        }
        listener.opened(openSince);
    }

    /** The call never reached Redis for a reason that says nothing about Redis (all connections were busy). */
    synchronized void onNeutral() {
        if (state == HALF_OPEN) {
            state = OPEN; // openUntil has passed, so the next call probes again
        }
    }

    private boolean sentInGrace(Instant sent) {
        return sent.isBefore(firstAnswer) && sent.isBefore(graceEnds);
    }

    private boolean recordFailure(Instant now) {
        if (state == HALF_OPEN) {
            return open(now);
        }
        if (state == OPEN) {
            return false; // a call that started before the breaker opened
        }
        ticketsAtLastCount = tickets.get();
        if (errorCount == recentErrors.length) {
            System.arraycopy(recentErrors, 1, recentErrors, 0, errorCount - 1);
            errorCount--;
        }
        recentErrors[errorCount++] = now;
        boolean allWithinWindow = !recentErrors[0].plus(window).isBefore(now);
        if (errorCount == recentErrors.length && allWithinWindow) {
            openedAt = now;
            return open(now);
        }
        return false;
    }

    private boolean open(Instant now) {
        state = OPEN;
        openUntil = now.plus(openFor);
        errorCount = 0;
        return true;
    }
}
