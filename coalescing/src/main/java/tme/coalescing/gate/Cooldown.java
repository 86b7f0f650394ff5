package tme.coalescing.gate;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * This process's view of the fleet's cooldown, its strikes and its ramp, on the caller's clock (no I/O; the
 * Redis side is {@link RedisBudget}).
 *
 * <pre>
 * sending --pause signal--> cooling (until) --until--> jitter --resumeAt--> ramp (rampFrom x 2^step)
 *   ramp --full rate, then one more ramp length quiet--> strikes reset
 * </pre>
 *
 * <ul>
 *   <li>A pause signal for a request sent before the latest cooldown ended is the same event (twenty requests
 *       in flight all answered 429): no strike; its hint may only lengthen the cooldown.</li>
 *   <li>A pause signal for a request sent after it (during the ramp, or with no cooldown known) is a new
 *       strike: a longer cooldown ({@link Backoff}) and the ramp restarts from its start.</li>
 *   <li>A cooldown learnt from Redis that began after ours ended is a strike too (the fleet was struck again);
 *       one that began before is the same event lengthened (our own, echoed, or another server's longer one).</li>
 *   <li>A refusal in disguise (a captcha, an emptied page) is a pause signal with no hint whose length doubles
 *       the latest cooldown's while no real content was read since it began ({@link Backoff#disguised}).</li>
 * </ul>
 */
final class Cooldown {

    /** A cooldown begun or lengthened by a signal: publish {@code length} (from now) to the fleet. */
    record Change(boolean started, Duration length) {}

    private final ThrottleConfig config;
    private final DoubleSupplier random;

    // All guarded by this. until: end of the latest cooldown known here (Instant.MIN: none yet); resumeAt: until
    // plus this process's jitter, when the ramp starts; strikes: cooldowns since the last quiet spell.
    private Instant until = Instant.MIN;
    private Instant resumeAt = Instant.MIN;
    private int strikes;
    // length: that of the latest cooldown known here (ours or the fleet's); confirmed: real content read since it
    // began. Together they make a disguised refusal's backoff double across the fleet (Backoff#disguised).
    private Duration length = Duration.ZERO;
    private boolean confirmed = true;

    Cooldown(ThrottleConfig config, DoubleSupplier random) {
        this.config = config;
        this.random = random;
    }

    /** A pause signal answering a request sent at {@code sentAt}; empty when it changes nothing. */
    synchronized Optional<Change> onPause(Instant sentAt, Optional<Duration> hint, Instant now) {
        if (sentAt.isBefore(until)) {
            Optional<Duration> longer = hint.map(h -> Backoff.cooldown(1, hint, 0, config))
                    .filter(length -> now.plus(length).isAfter(until));
            longer.ifPresent(length -> lengthen(now.plus(length)));
            return longer.map(length -> new Change(false, length));
        }
        strikes = strikesAt(now) + 1;
        Duration length = Backoff.cooldown(strikes, hint, hint.isPresent() && strikes == 1 ? 0 : random.getAsDouble(),
                config);
        begin(now, length);
        return Optional.of(new Change(true, length));
    }

    /**
     * A refusal in disguise answering a request sent at {@code sentAt}: a cooldown as for a 429 without a wait, its
     * length {@link Backoff#disguised}; empty when the request was sent before the latest cooldown ended (the same
     * event).
     */
    synchronized Optional<Change> onDisguised(Instant sentAt, Instant now) {
        if (sentAt.isBefore(until)) {
            return Optional.empty();
        }
        int before = strikesAt(now);
        Optional<Duration> previous = before > 0 && !confirmed ? Optional.of(length) : Optional.empty();
        Duration next = Backoff.disguised(previous, config);
        strikes = before + 1;
        begin(now, next);
        return Optional.of(new Change(true, next));
    }

    /** Real content was read: the next disguised refusal starts its backoff over. */
    synchronized void confirmed() {
        confirmed = true;
    }

    /**
     * The fleet cools down for {@code left} more, last set to {@code length}; answers whether it is a new event
     * here (a strike). Never shortens what this process knows.
     */
    synchronized boolean adopt(Duration left, Duration length, Instant now) {
        Instant end = now.plus(left);
        if (!end.isAfter(until)) {
            return false;
        }
        Instant began = end.minus(length);
        if (began.isBefore(until)) {
            lengthen(end);
            return false;
        }
        strikes = strikesAt(now) + 1;
        begin(now, left);
        this.length = length;
        return true;
    }

    /** What is left before this process sends again: the fleet's cooldown, then its own jitter (at least 1ms). */
    synchronized Optional<Duration> left(Instant now) {
        Instant end = now.isBefore(until) ? until : resumeAt;
        return now.isBefore(end) ? Optional.of(atLeastOneMilli(Duration.between(now, end))) : Optional.empty();
    }

    /** The fraction of the rate this process may use: 0 while cooling, then rampFrom doubling each step, then 1. */
    synchronized double rateFraction(Instant now) {
        if (resumeAt.equals(Instant.MIN)) {
            return 1;
        }
        if (now.isBefore(resumeAt)) {
            return 0;
        }
        long steps = Duration.between(resumeAt, now).dividedBy(config.rampStep());
        return steps >= config.rampSteps() ? 1 : Math.min(1, config.rampFrom() * (1L << steps));
    }

    /** Strikes now: they reset once the ramp has reached full rate and one more ramp length passed quietly. */
    synchronized int strikes(Instant now) {
        return strikesAt(now);
    }

    private int strikesAt(Instant now) {
        boolean quiet = !resumeAt.equals(Instant.MIN)
                && !now.isBefore(resumeAt.plus(config.rampLength().multipliedBy(2)));
        return quiet ? 0 : strikes;
    }

    private void begin(Instant now, Duration length) {
        this.length = length;
        confirmed = false;
        until = now.plus(length);
        resumeAt = until.plus(Backoff.jitter(length, random.getAsDouble()));
    }

    /** The same event, longer: keeps the jitter already drawn, so an echo costs no new draw. */
    private void lengthen(Instant end) {
        Duration jitter = Duration.between(until, resumeAt);
        until = end;
        resumeAt = end.plus(jitter);
    }

    private static Duration atLeastOneMilli(Duration duration) {
        return duration.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : duration;
    }
}
