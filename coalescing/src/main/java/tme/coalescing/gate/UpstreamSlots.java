package tme.coalescing.gate;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import tme.cache.Futures;
import tme.coalescing.LoadContext;
import tme.redis.Counters;

/**
 * At most {@code maxConcurrency} upstream requests in flight in this process, shared fairly, with a bounded queue
 * that sheds load fast rather than late.
 *
 * <ul>
 *   <li>A free slot goes to a waiting reader before any background work, and among readers to the client whose turn
 *       it is, then to that client's flow whose turn it is ({@link FlowQueues}: fewest slots held first, round
 *       robin among equals, at both levels), FIFO within a flow.</li>
 *   <li>One flow holds at most {@link SlotsConfig#perFlow()} slots, always, even when nobody else waits: the rest
 *       stay free for the next flow that comes, which then starts at once.</li>
 *   <li>Background work is granted only while no reader waits, and holds at most {@link SlotsConfig#forBackground()}.
 *       A waiting background ticket whose load a reader joins ({@link LoadContext#raise()}) becomes a reader's ticket
 *       at once, keeping its flow.</li>
 *   <li>At most {@link SlotsConfig#maxWaiting()} tickets wait. A reader finding it full pushes out the newest
 *       background waiter, or is refused {@link Refusal#QUEUE_FULL}; background finding it full is
 *       {@link Refusal#DROPPED}. A waiter whose deadline passes is refused the same way.</li>
 * </ul>
 *
 * Refusals say when to try again: the queue's length over the slots times the mean time a slot is held
 * ({@link HoldTimes}), in whole seconds, at least one. Callers come from any thread; one lock guards the state, and
 * futures are completed after it is released ({@link Deliveries}).
 */
public final class UpstreamSlots {

    private final SlotsConfig config;
    private final InstantSource clock;
    private final Vertx vertx;
    private final Counters<SlotCount> counts = new Counters<>(SlotCount.class, EnumSet.allOf(SlotCount.class));

    // Guards holdings, both queues, holdTimes, and each ticket's queue and timer fields.
    private final Object lock = new Object();
    private final Holdings holdings;
    private final FlowQueues readers = new FlowQueues();
    private final FlowQueues background = new FlowQueues();
    private final HoldTimes holdTimes = new HoldTimes();

    private UpstreamSlots(SlotsConfig config, InstantSource clock, Vertx vertx) {
        this.config = config;
        this.clock = clock;
        this.vertx = vertx;
        this.holdings = new Holdings(config);
    }

    /** {@code vertx} runs the waiters' deadline timers; {@code clock} times how long slots are held. */
    public static UpstreamSlots create(SlotsConfig config, InstantSource clock, Vertx vertx) {
        return new UpstreamSlots(Objects.requireNonNull(config, "config"), Objects.requireNonNull(clock, "clock"),
                Objects.requireNonNull(vertx, "vertx"));
    }

    /**
     * A slot for one upstream request of {@code load}, at once or after waiting at most {@code deadline} (zero or
     * less: no waiting). The future never fails; a granted slot must be released when the request ends.
     */
    public Future<SlotGrant> acquire(LoadContext load, Duration deadline) {
        Objects.requireNonNull(deadline, "deadline");
        Ticket ticket = new Ticket(load, Vertx.currentContext());
        if (load.background()) {
            // Registered before the priority is read under the lock: a raise either shows there, or comes after.
            load.onRaise(() -> raised(ticket));
        }
        List<Runnable> completions = new ArrayList<>(2);
        synchronized (lock) {
            admit(ticket, deadline, completions);
        }
        Deliveries.run(completions);
        return ticket.future();
    }

    /**
     * Runs {@code call} in a slot and releases it when the call's future completes, fails, or the call throws.
     * The call must complete (the upstream client's own timeout sees to that), or its slot is never freed.
     */
    public <T> Future<Passage<T>> run(LoadContext load, Duration deadline, Supplier<Future<T>> call) {
        return acquire(load, deadline).compose(grant -> switch (grant) {
            case SlotGrant.Granted granted -> Futures.guarded(call)
                    .andThen(done -> granted.slot().release())
                    .map(value -> (Passage<T>) new Passage.Through<>(value));
            case SlotGrant.Refused refused ->
                    Future.succeededFuture(new Passage.Refused<>(refused.why(), refused.retryAfter()));
        });
    }

    /** How long a request queued now would wait: waiters over slots times the mean hold (zero before any release). */
    public Duration estimatedWait() {
        synchronized (lock) {
            return holdTimes.waitFor(waiting(), config.maxConcurrency());
        }
    }

    /** How long a slot is held on average lately (zero before any release): upstream's latency as the gate sees it. */
    public Duration meanHold() {
        synchronized (lock) {
            return holdTimes.mean();
        }
    }

    /**
     * The counted events ({@link SlotCount}) and the gauges {@code gate.slots.capacity}, {@code gate.slots.in_use},
     * {@code gate.slots.background_in_use}, {@code gate.queue.waiting}, {@code gate.queue.largest_flow} (the most
     * tickets one flow has waiting), {@code gate.queue.clients} (clients with a ticket waiting),
     * {@code gate.queue.largest_client} (the most tickets one client has waiting) and {@code gate.slots.mean_hold_ms}.
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counts.snapshot());
        Map<String, Integer> waitingByFlow = new HashMap<>();
        Map<String, Integer> waitingByClient = new HashMap<>();
        synchronized (lock) {
            all.put("gate.slots.capacity", (long) config.maxConcurrency());
            all.put("gate.slots.in_use", (long) holdings.inUse());
            all.put("gate.slots.background_in_use", (long) holdings.backgroundInUse());
            all.put("gate.queue.waiting", (long) waiting());
            all.put("gate.slots.mean_hold_ms", holdTimes.mean().toMillis());
            readers.countWaiting(waitingByFlow, waitingByClient);
            background.countWaiting(waitingByFlow, waitingByClient);
        }
        all.put("gate.queue.largest_flow", (long) waitingByFlow.values().stream().mapToInt(n -> n).max().orElse(0));
        all.put("gate.queue.clients", (long) waitingByClient.size());
        all.put("gate.queue.largest_client", (long) waitingByClient.values().stream().mapToInt(n -> n).max().orElse(0));
        return Collections.unmodifiableSortedMap(all);
    }

    /** Gives {@code slot}'s shares back and hands the free slot on; from {@link Slot#release()}, once per slot. */
    void freed(Slot slot) {
        List<Runnable> completions = new ArrayList<>(1);
        synchronized (lock) {
            holdings.giveBack(slot.flow(), slot.client(), slot.background());
            holdTimes.record(Duration.between(slot.grantedAt(), clock.instant()));
            dispatch(completions);
        }
        Deliveries.run(completions);
    }

    // Holding the lock. Every queued ticket can take no slot now (dispatch ran after each change that frees one),
    // so a newcomer allowed a slot takes it without passing anybody.
    private void admit(Ticket ticket, Duration deadline, List<Runnable> completions) {
        boolean isBackground = ticket.load().background();
        if (holdings.mayTake(ticket.flow(), isBackground) && (!isBackground || readers.isEmpty())) {
            completions.add(grant(ticket, isBackground));
        } else if (!deadline.isPositive()) {
            counts.increment(SlotCount.DEADLINE_PASSED);
            completions.add(refuse(ticket, refusalFor(isBackground)));
        } else if (waiting() >= config.maxWaiting() && (isBackground || background.isEmpty())) {
            counts.increment(isBackground ? SlotCount.DROPPED : SlotCount.SHED);
            completions.add(refuse(ticket, refusalFor(isBackground)));
        } else {
            if (waiting() >= config.maxWaiting()) {
                counts.increment(SlotCount.DROPPED);
                completions.add(refuse(background.removeNewest(), Refusal.DROPPED));
            }
            (isBackground ? background : readers).add(ticket);
            ticket.timer = vertx.setTimer(timerMillis(deadline), id -> deadlinePassed(ticket));
        }
    }

    // Holding the lock: grants free slots until none is left or no waiter may take one.
    private void dispatch(List<Runnable> completions) {
        while (holdings.anyFree()) {
            Ticket next = readers.next(flow -> holdings.mayTake(flow, false), holdings::held, holdings::heldByClient);
            boolean isBackground = next == null;
            if (isBackground && readers.isEmpty() && holdings.backgroundMayTake()) {
                next = background.next(flow -> holdings.mayTake(flow, true), holdings::held, holdings::heldByClient);
            }
            if (next == null) {
                return;
            }
            completions.add(grant(next, isBackground));
        }
    }

    private void raised(Ticket ticket) {
        List<Runnable> completions = new ArrayList<>(1);
        synchronized (lock) {
            if (ticket.queue != background) {
                return; // granted, refused, or not queued yet (then admit reads the raised priority)
            }
            background.remove(ticket);
            readers.add(ticket);
            counts.increment(SlotCount.RAISED);
            dispatch(completions);
        }
        Deliveries.run(completions);
    }

    private void deadlinePassed(Ticket ticket) {
        List<Runnable> completions = new ArrayList<>(2);
        synchronized (lock) {
            FlowQueues queue = ticket.queue;
            if (queue == null) {
                return; // granted or pushed out meanwhile
            }
            queue.remove(ticket);
            ticket.timer = Ticket.NO_TIMER;
            counts.increment(SlotCount.DEADLINE_PASSED);
            completions.add(refuse(ticket, refusalFor(queue == background)));
            // The last reader leaving may let background work have a slot.
            dispatch(completions);
        }
        Deliveries.run(completions);
    }

    private Runnable grant(Ticket ticket, boolean isBackground) {
        holdings.take(ticket.flow(), ticket.client(), isBackground);
        counts.increment(SlotCount.GRANTED);
        return completion(ticket, new SlotGrant.Granted(new Slot(this, ticket.flow(), ticket.client(), isBackground,
                clock.instant())));
    }

    private Runnable refuse(Ticket ticket, Refusal why) {
        return completion(ticket, new SlotGrant.Refused(why, holdTimes.retryAfter(waiting(), config.maxConcurrency())));
    }

    private Runnable completion(Ticket ticket, SlotGrant grant) {
        long timer = ticket.timer;
        ticket.timer = Ticket.NO_TIMER;
        return () -> {
            if (timer != Ticket.NO_TIMER) {
                vertx.cancelTimer(timer);
            }
            ticket.deliver(grant);
        };
    }

    private static Refusal refusalFor(boolean isBackground) {
        return isBackground ? Refusal.DROPPED : Refusal.QUEUE_FULL;
    }

    private int waiting() {
        return readers.size() + background.size();
    }

    /** Vert.x timers take whole milliseconds, at least one: round up so a waiter never gives up early. */
    private static long timerMillis(Duration deadline) {
        long millis = deadline.toMillis();
        return Math.max(1, deadline.minusMillis(millis).isZero() ? millis : millis + 1);
    }
}
