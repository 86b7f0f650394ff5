package tme.coalescing.refresh;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * One refresher worker: about every {@code tick} it claims due names from the {@link Schedule} (as many as it has room
 * for), refreshes each through {@link Refresh} and reschedules it by outcome ({@link Rescheduling}). It never
 * sleeps: Vert.x timers drive it and every step is a future. Any number of workers share one schedule; the claim
 * script gives each due name to one of them.
 *
 * <pre>
 * tick -> claim(room) -> for each name: refresh -> outcome -> finish (due again, or dropped) in Redis
 * stop -> no more claims -> refreshes in flight finish within stopGrace -> the rest are handed back, due now
 * </pre>
 *
 * A name this worker still holds when it dies comes back to the others when its claim lapses ({@code claimFor}).
 */
public final class Refresher {

    private static final System.Logger LOG = System.getLogger(Refresher.class.getName());

    /** What one {@link #tick()} claimed; its future completes once every claimed name was rescheduled or handed back. */
    public record Round(Claims claims) {}

    private static final Round NOTHING = new Round(new Claims(List.of(), 0, 0, 0, 0, true));

    private final Vertx vertx;
    private final Schedule schedule;
    private final Refresh refresh;
    private final RefreshConfig config;
    // Bugs in a tick or a refresh: one line a minute per kind.
    private final RepeatLog failures;
    private final InstantSource clock;
    private final Rescheduling rescheduling;
    private final String worker = UUID.randomUUID().toString();
    private final AtomicLong rounds = new AtomicLong();
    private final Counters<RefreshCount> counters = new Counters<>(RefreshCount.class, EnumSet.range(
            RefreshCount.UNREACHED_CLAIMS, RefreshCount.CLAIMS_LOST));
    private final LagHistogram lag;
    // name -> its refresh running here. Written by the claim, removed once its name is rescheduled in Redis.
    private final ConcurrentMap<String, InFlight> inFlight = new ConcurrentHashMap<>();
    // One claim at a time per worker: a slow Redis never stacks up claims.
    private final AtomicBoolean claiming = new AtomicBoolean();
    // The latest claim up to the moment its refreshes start (or, when stopping, its names are handed back).
    private volatile Future<?> latestClaim = Future.succeededFuture();
    private volatile boolean stopping;
    // Gauges from the latest claim that reached Redis.
    private volatile long backlog;
    private volatile long scheduled;
    private volatile long timerId = -1;

    public Refresher(Vertx vertx, Schedule schedule, Refresh refresh, RefreshConfig config, InstantSource clock) {
        this.vertx = vertx;
        this.schedule = schedule;
        this.refresh = refresh;
        this.config = config;
        this.clock = clock;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.rescheduling = new Rescheduling(config);
        this.lag = new LagHistogram(clock);
    }

    /**
     * Starts ticking about every {@code tick} (the first tick at once); call it on the context that should run it.
     * Each wait is drawn from half to one and a half ticks: names are due at a fixed rate, so with periodic ticks the
     * worker whose tick phase came first after a name's due time would win that name every round, and a second
     * refresher would idle beside one doing all the work.
     */
    public void start() {
        tickAfter(0);
    }

    private void tickAfter(long delayMillis) {
        timerId = vertx.setTimer(Math.max(1, delayMillis), id -> {
            if (stopping) {
                return;
            }
            tick().onFailure(bug -> failures.log(System.Logger.Level.ERROR, "refresher tick failed", bug));
            tickAfter(jitteredTickMillis());
        });
    }

    private long jitteredTickMillis() {
        long tick = Math.max(1, config.tick().toMillis());
        return tick / 2 + ThreadLocalRandom.current().nextLong(tick + 1);
    }

    /** Claims what there is room for and refreshes it; does nothing while stopping or while a claim runs. */
    public Future<Round> tick() {
        int room = Math.min(config.batch(), config.concurrency() - inFlight.size());
        if (room <= 0 || !claiming.compareAndSet(false, true)) {
            return Future.succeededFuture(NOTHING);
        }
        Future<Started> started;
        synchronized (this) { // against stop(): a claim either starts before it, and stop waits for it, or not at all
            if (stopping) {
                claiming.set(false);
                return Future.succeededFuture(NOTHING);
            }
            // The flag clears once the claimed names are in flight: a tick between the two (the claim's answer can
            // arrive on another thread) would see stale room and claim past the concurrency.
            started = schedule.claim(room, worker + ":" + rounds.incrementAndGet())
                    .map(claims -> {
                        observe(claims);
                        return new Started(claims, claims.claimed().stream().map(this::run).toList());
                    })
                    .andThen(done -> claiming.set(false));
            latestClaim = started;
        }
        return started.compose(claimed -> Future.join(claimed.runs()).map(done -> new Round(claimed.claims())));
    }

    /** A claim's names and the futures of their refreshes. */
    private record Started(Claims claims, List<Future<Void>> runs) {}

    /**
     * Stops claiming, lets refreshes in flight finish for up to {@code stopGrace}, then hands the names still held
     * back to the schedule, due now (another worker takes them on its next tick). Completes once Redis has answered
     * every name's new due time, so closing the link after it loses nothing; a hand-back Redis could not take (down)
     * is lost, and that name comes back to the others when its claim lapses ({@code claimFor}).
     */
    public Future<Void> stop() {
        Future<?> claim;
        synchronized (this) {
            stopping = true;
            claim = latestClaim;
        }
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
        return claim.transform(claimed -> graceOver())
                .compose(over -> abandonRemaining());
    }

    /**
     * Every {@code refresh.*} counter of this worker, and its gauges: {@code refresh.due} (names due now that no
     * worker holds, as the latest claim saw it), {@code refresh.scheduled}, {@code refresh.in_flight}, and the
     * schedule's lag over the last minute or two, {@code refresh.lag.p50_ms}, {@code .p99_ms}, {@code .max_ms}.
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counters.snapshot());
        all.put("refresh.due", backlog);
        all.put("refresh.scheduled", scheduled);
        all.put("refresh.in_flight", (long) inFlight.size());
        all.put("refresh.lag.p50_ms", lag.percentileMillis(50));
        all.put("refresh.lag.p99_ms", lag.percentileMillis(99));
        all.put("refresh.lag.max_ms", lag.percentileMillis(100));
        return all;
    }

    private void observe(Claims claims) {
        if (!claims.reached()) {
            counters.increment(RefreshCount.UNREACHED_CLAIMS);
            return;
        }
        backlog = claims.backlog();
        scheduled = claims.scheduled();
        counters.add(RefreshCount.CLAIMED, claims.claimed().size());
        counters.add(RefreshCount.SKIPPED_RECENT, claims.skipped());
        counters.add(RefreshCount.DROPPED_IDLE, claims.dropped());
        claims.claimed().forEach(claimed -> lag.record(Duration.between(claimed.due(), clock.instant())));
    }

    /** Refreshes one claimed name; the future completes once it is rescheduled (or handed back by a stop). */
    private Future<Void> run(Claimed claimed) {
        InFlight flight = new InFlight(claimed);
        inFlight.put(claimed.name(), flight);
        if (stopping) {
            return flight.settled(); // stop() hands it back
        }
        Future<RefreshOutcome> outcome;
        try {
            outcome = refresh.refresh(claimed.name(), claimed.depth());
        } catch (RuntimeException bug) {
            outcome = Future.failedFuture(bug);
        }
        outcome.otherwise(bug -> {
            counters.increment(RefreshCount.BUGS);
            failures.log(System.Logger.Level.ERROR, "refresh failed", () -> "refresh of " + claimed.name() + " failed",
                    bug);
            return RefreshOutcome.failed("bug: " + bug);
        }).onSuccess(done -> settle(flight, done));
        return flight.settled();
    }

    private void settle(InFlight flight, RefreshOutcome outcome) {
        if (!flight.take()) {
            return; // a stop handed the name back already
        }
        counters.increment(switch (outcome) {
            case RefreshOutcome.Refreshed refreshed -> RefreshCount.REFRESHED;
            case RefreshOutcome.Throttled throttled -> RefreshCount.THROTTLED;
            case RefreshOutcome.Failed failed -> RefreshCount.FAILED;
            case RefreshOutcome.Gone gone -> RefreshCount.GONE;
        });
        finish(flight, rescheduling.after(outcome, flight.claimed(), clock.instant()));
    }

    private void finish(InFlight flight, Next next) {
        schedule.finish(flight.claimed(), next).onComplete(done -> {
            if (done.succeeded() && !done.result()) {
                counters.increment(RefreshCount.CLAIMS_LOST);
            }
            inFlight.remove(flight.claimed().name(), flight);
            flight.done();
        });
    }

    /** Completes when every refresh in flight settled, or when the grace is over, whichever comes first. */
    private Future<Void> graceOver() {
        Future<Void> settled = allSettled();
        long graceMillis = config.stopGrace().toMillis();
        if (graceMillis <= 0 || settled.isComplete()) {
            return Future.succeededFuture();
        }
        Promise<Void> over = Promise.promise();
        long timer = vertx.setTimer(graceMillis, id -> over.tryComplete());
        settled.onComplete(done -> {
            vertx.cancelTimer(timer);
            over.tryComplete();
        });
        return over.future();
    }

    private Future<Void> abandonRemaining() {
        for (InFlight flight : inFlight.values()) {
            if (flight.take()) {
                counters.increment(RefreshCount.ABANDONED);
                finish(flight, Rescheduling.abandoned(clock.instant()));
            }
        }
        return allSettled();
    }

    private Future<Void> allSettled() {
        return Future.join(inFlight.values().stream().map(InFlight::settled).toList()).mapEmpty();
    }

    /** A refresh running here; whoever takes it first (its outcome, or a stop) reschedules its name. */
    private static final class InFlight {

        private final Claimed claimed;
        private final AtomicBoolean taken = new AtomicBoolean();
        private final Promise<Void> settled = Promise.promise();

        InFlight(Claimed claimed) {
            this.claimed = claimed;
        }

        Claimed claimed() {
            return claimed;
        }

        boolean take() {
            return taken.compareAndSet(false, true);
        }

        Future<Void> settled() {
            return settled.future();
        }

        void done() {
            settled.tryComplete();
        }
    }
}
