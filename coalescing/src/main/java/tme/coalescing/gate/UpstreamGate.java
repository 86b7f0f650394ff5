package tme.coalescing.gate;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.coalescing.LoadContext;
import tme.redis.RedisLink;

/**
 * The one gate in front of upstream: every upstream request of every route passes it, in this order.
 *
 * <pre>
 * pass(load, call) -> cooldown known here?   --yes--> Refused(COOLDOWN, left)              (nothing queued, nothing sent)
 *                  -> fair slot (UpstreamSlots) --full / deadline--> Refused(QUEUE_FULL | DROPPED, estimate)
 *                  -> fleet cooldown + budget token, the client's share (UpstreamThrottle, one Redis script)
 *                       --> Refused(COOLDOWN | BUDGET | CLIENT_SHARE)
 *                  -> call -> signal back to the cooldown -> release the slot -> Through(answer)
 * report(sentAt, signal) -> the answer, read, was a refusal in disguise (captcha, emptied): the cooldown as above
 * </pre>
 *
 * The budget token is taken once the request holds its slot, not before it queues: tokens are handed out in
 * the order requests ask for them, so taking them first would let one flow's burst book the next seconds of
 * the budget and undo the round robin between flows. The rate bound is the same either way. One deadline
 * covers the whole way: waiting for a slot and for a token together never exceed it.
 */
public final class UpstreamGate {

    private final UpstreamSlots slots;
    private final UpstreamThrottle throttle;
    private final Duration deadline;
    private final InstantSource clock;

    private UpstreamGate(UpstreamSlots slots, UpstreamThrottle throttle, Duration deadline, InstantSource clock) {
        this.slots = slots;
        this.throttle = throttle;
        this.deadline = deadline;
        this.clock = clock;
    }

    /**
     * @param deadline how long a request may wait in the gate, for a slot and a token together (the upstream
     *                 timeout: an answer later than that is no use to the reader anyway)
     * @param redis    the shared link for the fleet-wide cooldown and budget; empty: this process alone
     */
    public static UpstreamGate create(SlotsConfig slots, ThrottleConfig throttle, Duration deadline,
                                      Optional<RedisLink> redis, InstantSource clock, Vertx vertx) {
        return create(slots, throttle, ClientShare.unbounded(), deadline, redis, clock, vertx);
    }

    /** As above, each client ({@link LoadContext#client()}) held to {@code share} of the fleet's budget. */
    public static UpstreamGate create(SlotsConfig slots, ThrottleConfig throttle, ClientShare share, Duration deadline,
                                      Optional<RedisLink> redis, InstantSource clock, Vertx vertx) {
        return new UpstreamGate(UpstreamSlots.create(slots, clock, vertx),
                UpstreamThrottle.create(throttle, share, redis, clock, vertx), deadline, clock);
    }

    /**
     * Sends {@code call} once the gate lets it through, and tells the cooldown what upstream's answer
     * ({@code signal}) says; a refused call never runs. A call that fails is a bug and fails the future.
     */
    public <T> Future<Passage<T>> pass(LoadContext load, Supplier<Future<T>> call, Function<? super T, Signal> signal) {
        return passAt(load, sentAt -> call.get(), signal);
    }

    /**
     * As {@link #pass}, {@code call} given the moment the gate let it go: hand it back to {@link #report} with what
     * the answer turns out to be once read (a captcha in a 200 is known only after parsing).
     */
    public <T> Future<Passage<T>> passAt(LoadContext load, Function<Instant, Future<T>> call,
                                         Function<? super T, Signal> signal) {
        Optional<Admission.Refused> cooling = throttle.refusalWhileCooling();
        if (cooling.isPresent()) {
            return Future.succeededFuture(new Passage.Refused<>(cooling.get().why(), cooling.get().retryAfter()));
        }
        Instant arrived = clock.instant();
        // The slot is released whatever the call does (UpstreamSlots.run); the throttle's refusal passes through.
        return slots.run(load, deadline, () -> throttle.runAt(load, left(arrived), call, signal))
                .map(inSlot -> switch (inSlot) {
                    case Passage.Refused<Passage<T>> noSlot -> new Passage.Refused<>(noSlot.why(), noSlot.retryAfter());
                    case Passage.Through<Passage<T>> throttled -> throttled.value();
                });
    }

    /**
     * What an answer sent at {@code sentAt} turned out to be once read: {@link Signal#captcha()} or
     * {@link Signal#emptied()} cool the fleet down as a 429 would (with their own backoff), {@link Signal#confirmed()}
     * ends a run of them. Completes once the fleet knows of a cooldown it began; never fails.
     */
    public Future<Void> report(Instant sentAt, Signal signal) {
        return throttle.report(new Admission.Admitted(sentAt), signal);
    }

    /** What is left of this process's view of the fleet's cooldown, if one runs. */
    public Optional<Duration> cooldownLeft() {
        return throttle.cooldownLeft();
    }

    /**
     * How long a request arriving now would wait for its answer: its turn for a slot, then a slot's mean hold. The
     * basis of a shed request's Retry-After: with upstream stalled, holds last the whole timeout, and clients are
     * told to stay away that long instead of coming back every second.
     */
    public Duration estimatedWait() {
        return slots.estimatedWait().plus(slots.meanHold());
    }

    /** Every {@code gate.*} counter and gauge: cooldown, ramp, budget, slots and queues. */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(throttle.counters());
        all.putAll(slots.counters());
        return all;
    }

    private Duration left(Instant arrived) {
        Duration left = deadline.minus(Duration.between(arrived, clock.instant()));
        return left.isNegative() ? Duration.ZERO : left;
    }
}
