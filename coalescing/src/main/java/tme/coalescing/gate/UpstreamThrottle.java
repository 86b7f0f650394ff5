package tme.coalescing.gate;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.coalescing.LoadContext;
import tme.redis.Counters;
import tme.redis.RedisLink;

/**
 * The fleet-wide cooldown and request budget every upstream request passes. Servers share one egress address,
 * so upstream's limits are the fleet's: a 429 seen by one server pauses all of them, and one budget in Redis
 * spaces the fleet's requests.
 *
 * <p>One request, in order: this process's cooldown ({@link Cooldown}; refused at once, Redis not asked), its ramp
 * after a cooldown ({@link Ramp}), then one script round trip ({@link RedisBudget}) that checks the fleet's
 * cooldown and reserves a token for a moment within the caller's deadline. The caller waits on a Vert.x timer,
 * never spins. Without Redis, or when the link answers unavailable, a {@link LocalBucket} decides (counted).
 * A request whose wait ended inside a cooldown that began meanwhile is refused rather than sent.
 *
 * <p>Local timing reads the injected clock; the budget's clock is Redis {@code TIME}, one for the fleet.
 */
public final class UpstreamThrottle {

    private static final System.Logger LOG = System.getLogger(UpstreamThrottle.class.getName());
    private static final Duration ONE_MILLI = Duration.ofMillis(1);

    private final ThrottleConfig config;
    private final Optional<RedisLink> link;
    private final Optional<RedisBudget> fleet;
    private final InstantSource clock;
    private final Vertx vertx;
    private final Cooldown cooldown;
    private final Ramp ramp;
    private final LocalBucket local;
    // How far ahead a lone client may book the local bucket: its burst (the script uses the fleet's the same way).
    private final Duration localHorizon;
    private final ClientShare share;
    private final ClientBuckets clients;
    private final MinuteTally takenLastMinute = new MinuteTally();
    private final Counters<ThrottleCount> counts = new Counters<>(ThrottleCount.class,
            EnumSet.allOf(ThrottleCount.class));

    UpstreamThrottle(ThrottleConfig config, Optional<RedisLink> redis, InstantSource clock, Vertx vertx,
                     DoubleSupplier random) {
        this(config, ClientShare.unbounded(), redis, clock, vertx, random);
    }

    UpstreamThrottle(ThrottleConfig config, ClientShare share, Optional<RedisLink> redis, InstantSource clock,
                     Vertx vertx, DoubleSupplier random) {
        this.share = Objects.requireNonNull(share, "share");
        this.clients = new ClientBuckets(share.rateOf(config.localRate()), share);
        this.config = Objects.requireNonNull(config, "config");
        this.link = Objects.requireNonNull(redis, "redis");
        this.fleet = redis.map(link -> new RedisBudget(link, config));
        this.clock = Objects.requireNonNull(clock, "clock");
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.cooldown = new Cooldown(config, random);
        this.ramp = new Ramp(config.rate(), cooldown::rateFraction);
        this.local = new LocalBucket(config.localRate(), config.localBurst());
        this.localHorizon = Duration.ofNanos((config.localBurst() - 1) * LocalBucket.intervalNanos(config.localRate()));
    }

    /** A throttle sharing the fleet's state through {@code redis} (its link's breaker and deadline), or local. */
    public static UpstreamThrottle create(ThrottleConfig config, Optional<RedisLink> redis, InstantSource clock,
                                          Vertx vertx) {
        return create(config, ClientShare.unbounded(), redis, clock, vertx);
    }

    /** As above, each client held to {@code share} of the budget. */
    public static UpstreamThrottle create(ThrottleConfig config, ClientShare share, Optional<RedisLink> redis,
                                          InstantSource clock, Vertx vertx) {
        return new UpstreamThrottle(config, share, redis, clock, vertx, () -> ThreadLocalRandom.current().nextDouble());
    }

    /**
     * Completes when {@code load} may be sent (after its token's wait), or at once refused: {@link Refusal#COOLDOWN}
     * with what is left of the cooldown, {@link Refusal#BUDGET} when no token comes within {@code deadline}.
     * {@link Refusal#CLIENT_SHARE} at once when {@code load}'s client has spent its share while another client waits
     * (a client alone may use the whole budget: {@link ClientShare}). Never fails for Redis trouble.
     */
    public Future<Admission> admit(LoadContext load, Duration deadline) {
        Objects.requireNonNull(load, "load");
        String client = share.bounded() ? load.client() : null;
        return reserve(client, !load.background(), deadline).compose(verdict -> switch (verdict) {
            case Verdict.No no -> Future.succeededFuture(no.refused());
            case Verdict.Go go -> after(go.after());
            // The wait is taken off the deadline, not read from the clock: asking again always ends.
            case Verdict.Again again ->
                    waitFor(again.after()).compose(waited -> admit(load, deadline.minus(again.after())));
        });
    }

    /**
     * What upstream answered a request this throttle admitted; a pause signal (a 429, a proxy's page, a refusal in
     * disguise) cools the fleet down.
     */
    public Future<Void> report(Admission.Admitted admitted, Signal signal) {
        Instant now = clock.instant();
        Optional<Cooldown.Change> change = switch (signal.kind()) {
            case OK, FAILED -> Optional.empty();
            case CONFIRMED -> {
                cooldown.confirmed();
                yield Optional.empty();
            }
            case THROTTLED, INTERCEPTED -> {
                counts.increment(signal.kind() == Signal.Kind.THROTTLED
                        ? ThrottleCount.SIGNALS_THROTTLED : ThrottleCount.SIGNALS_INTERCEPTED);
                yield cooldown.onPause(admitted.sentAt(), signal.retryAfter(), now);
            }
            case CAPTCHA, EMPTIED -> {
                counts.increment(signal.kind() == Signal.Kind.CAPTCHA
                        ? ThrottleCount.SIGNALS_CAPTCHA : ThrottleCount.SIGNALS_EMPTIED);
                yield cooldown.onDisguised(admitted.sentAt(), now);
            }
        };
        return change.map(begun -> publish(begun, signal.kind())).orElse(Future.succeededFuture());
    }

    /** Answered once the fleet knows: a reader told "paused" must not see another server ask t.me next. */
    private Future<Void> publish(Cooldown.Change change, Signal.Kind why) {
        if (change.started()) {
            counts.increment(ThrottleCount.COOLDOWNS_STARTED);
            LOG.log(System.Logger.Level.WARNING, "upstream asked to pause (" + why + "): fleet cools down for "
                    + change.length().toMillis() + "ms, strike " + cooldown.strikes(clock.instant()));
        }
        return fleet.map(budget -> budget.coolDown(change.length())
                .onSuccess(held -> held.ifPresent(this::adopt)).<Void>mapEmpty().otherwiseEmpty())
                .orElse(Future.succeededFuture());
    }

    /**
     * Admits, calls, reports: {@code signal} reads upstream's mood from the answer; a failed call reports
     * {@link Signal#failed()} and fails the returned future with its cause.
     */
    public <T> Future<Passage<T>> run(LoadContext load, Duration deadline, Supplier<Future<T>> call,
                                      Function<? super T, Signal> signal) {
        return runAt(load, deadline, sentAt -> call.get(), signal);
    }

    /** As {@link #run}, {@code call} given the moment it was admitted (for a late {@link #report}). */
    public <T> Future<Passage<T>> runAt(LoadContext load, Duration deadline, Function<Instant, Future<T>> call,
                                        Function<? super T, Signal> signal) {
        return admit(load, deadline).compose(admission -> switch (admission) {
            case Admission.Refused refused ->
                    Future.succeededFuture(new Passage.Refused<>(refused.why(), refused.retryAfter()));
            case Admission.Admitted admitted -> call(admitted, call, signal);
        });
    }

    /** What is left before this process sends again (the fleet's cooldown, then its own jitter), if anything. */
    public Optional<Duration> cooldownLeft() {
        return cooldown.left(clock.instant());
    }

    /**
     * The refusal a request gets at once while this process knows of a cooldown, counted like one from
     * {@link #admit}: lets the gate answer before the request queues for a slot.
     */
    public Optional<Admission.Refused> refusalWhileCooling() {
        return cooldown.left(clock.instant())
                .map(left -> ((Verdict.No) refuse(Refusal.COOLDOWN, left)).refused());
    }

    /**
     * The {@code gate.*} counters and gauges (see {@link ThrottleCount}); {@code gate.budget.fleet_rate_millitokens}
     * is {@code TELEGRAM_RATE} in thousandths of a token a second.
     */
    public SortedMap<String, Long> counters() {
        Instant now = clock.instant();
        Optional<Duration> left = cooldown.left(now);
        double fraction = cooldown.rateFraction(now);
        SortedMap<String, Long> all = new TreeMap<>(counts.snapshot());
        all.put("gate.cooldown.active", left.isPresent() ? 1L : 0L);
        all.put("gate.cooldown.remaining_ms", left.map(Duration::toMillis).orElse(0L));
        all.put("gate.ramp.rate_permille", Math.round(fraction * 1000));
        all.put("gate.budget.taken_last_minute", takenLastMinute.lastMinute(now));
        all.put("gate.budget.available_per_minute", availablePerMinute(fraction));
        // The fleet's rate, the same on every server whatever it knows now (ramp, cooldown, Redis down), so the
        // fleet's use is sum(rate(tokens_taken)) over this: each server's tokens counted once, the budget once.
        all.put("gate.budget.fleet_rate_millitokens", Math.round(config.rate() * 1000));
        all.put("gate.strikes", (long) cooldown.strikes(now));
        return Collections.unmodifiableSortedMap(all);
    }

    /** The decision, before any timer: package-private so tests read exact waits. */
    Future<Verdict> reserve(Duration deadline) {
        return reserve(null, true, deadline);
    }

    /**
     * As {@link #reserve(Duration)} for {@code client} (null: no client's share to keep); a {@code reader}'s ask makes
     * other clients' shares bind, background work's does not ({@link ClientShare}).
     */
    Future<Verdict> reserve(String client, boolean reader, Duration deadline) {
        Instant now = clock.instant();
        Optional<Duration> left = cooldown.left(now);
        if (left.isPresent()) {
            return Future.succeededFuture(refuse(Refusal.COOLDOWN, left.get()));
        }
        Take slot = ramp.take(now, deadline);
        if (!(slot instanceof Take.Granted granted)) {
            return Future.succeededFuture(refuse(Refusal.BUDGET, ((Take.TooLate) slot).after()));
        }
        Duration notBefore = granted.after();
        if (fleet.isEmpty()) {
            return Future.succeededFuture(decide(locally(client, reader, now, notBefore, deadline), notBefore));
        }
        Future<RedisBudget.Grant> asked = client == null ? fleet.get().take(notBefore, deadline)
                : fleet.get().take(notBefore, deadline, client, reader, share);
        return asked.map(grant -> switch (grant.take()) {
            case Take.Unreached unreached -> {
                counts.increment(ThrottleCount.LOCAL_FALLBACKS);
                yield decide(locally(client, reader, clock.instant(), notBefore, deadline), notBefore);
            }
            case Take.Cooling cooling -> {
                adopt(cooling);
                yield refuse(Refusal.COOLDOWN, cooling.left());
            }
            default -> decide(grant.take(), notBefore);
        });
    }

    /**
     * The local buckets' answer: the client's token now (while another client asked lately: its share binds), then
     * the fleet's; the client's given back if refused.
     */
    private Take locally(String client, boolean reader, Instant now, Duration notBefore, Duration deadline) {
        boolean shared = client != null && clients.othersWaiting(client, reader, now);
        if (shared) {
            Take mine = clients.take(client, now);
            if (mine instanceof Take.OverShare) {
                return mine;
            }
        }
        if (client != null && !shared) {
            return aloneLocally(now, notBefore, deadline);
        }
        Take take = local.take(now, notBefore, deadline);
        if (shared && !(take instanceof Take.Granted)) {
            clients.giveBack(client);
        }
        return take;
    }

    /** A lone client's token: as the script does, booked no further ahead than the local burst, else ask again. */
    private Take aloneLocally(Instant now, Duration notBefore, Duration deadline) {
        Duration nearEnough = notBefore.plus(localHorizon);
        Take take = local.take(now, notBefore, deadline.compareTo(nearEnough) < 0 ? deadline : nearEnough);
        return take instanceof Take.TooLate late && late.after().compareTo(deadline) <= 0
                ? new Take.Later(late.after().minus(nearEnough))
                : take;
    }

    private Verdict decide(Take take, Duration notBefore) {
        return switch (take) {
            case Take.Granted granted -> {
                Instant now = clock.instant();
                counts.increment(ThrottleCount.TOKENS_TAKEN);
                takenLastMinute.add(now);
                if (granted.after().compareTo(notBefore) > 0) {
                    ramp.sendsAt(now.plus(granted.after()));
                }
                yield new Verdict.Go(granted.after());
            }
            case Take.TooLate late -> refuse(Refusal.BUDGET, late.after());
            case Take.OverShare over -> refuse(Refusal.CLIENT_SHARE, over.after());
            case Take.Later later ->
                    new Verdict.Again(later.after().compareTo(ONE_MILLI) < 0 ? ONE_MILLI : later.after());
            case Take.Cooling cooling -> refuse(Refusal.COOLDOWN, cooling.left());
            case Take.Unreached unreached -> throw new IllegalStateException("a local limiter always answers");
        };
    }

    private Future<Admission> after(Duration wait) {
        if (wait.compareTo(ONE_MILLI) < 0) {
            return Future.succeededFuture(sendNow());
        }
        return waitFor(wait).map(waited -> sendNow());
    }

    private Future<Void> waitFor(Duration wait) {
        Promise<Void> promise = Promise.promise();
        long millis = wait.plusNanos(999_999).toMillis(); // rounded up: never early
        vertx.setTimer(millis, id -> promise.complete());
        return promise.future();
    }

    /** After the wait: a cooldown may have begun meanwhile, and then the token is not spent. */
    private Admission sendNow() {
        Instant now = clock.instant();
        Optional<Duration> left = cooldown.left(now);
        if (left.isPresent()) {
            return ((Verdict.No) refuse(Refusal.COOLDOWN, left.get())).refused();
        }
        counts.increment(ThrottleCount.ADMITTED);
        return new Admission.Admitted(now);
    }

    private <T> Future<Passage<T>> call(Admission.Admitted admitted, Function<Instant, Future<T>> call,
                                        Function<? super T, Signal> signal) {
        Future<T> answer;
        try {
            answer = call.apply(admitted.sentAt());
        } catch (RuntimeException bug) {
            answer = Future.failedFuture(bug);
        }
        return answer.transform(done -> report(admitted, done.succeeded() ? signal.apply(done.result()) : Signal.failed())
                .transform(reported -> done.succeeded()
                        ? Future.succeededFuture(new Passage.Through<>(done.result()))
                        : Future.failedFuture(done.cause())));
    }

    private void adopt(Take.Cooling cooling) {
        if (cooldown.adopt(cooling.left(), cooling.length(), clock.instant())) {
            counts.increment(ThrottleCount.COOLDOWNS_ADOPTED);
        }
    }

    private Verdict refuse(Refusal why, Duration retryAfter) {
        counts.increment(switch (why) {
            case COOLDOWN -> ThrottleCount.REFUSED_COOLDOWN;
            case CLIENT_SHARE -> ThrottleCount.REFUSED_CLIENT_SHARE;
            default -> ThrottleCount.REFUSED_BUDGET;
        });
        Duration positive = retryAfter.compareTo(ONE_MILLI) < 0 ? ONE_MILLI : retryAfter;
        return new Verdict.No(new Admission.Refused(why, positive));
    }

    private long availablePerMinute(double fraction) {
        if (fraction <= 0) {
            return 0;
        }
        if (fraction < 1) {
            return Math.round(config.rate() * fraction * 60) + 1;
        }
        boolean fleetInUse = link.isPresent() && !link.get().bypassing();
        return fleetInUse
                ? Math.round(config.rate() * 60) + config.burst()
                : Math.round(config.localRate() * 60) + config.localBurst();
    }
}
