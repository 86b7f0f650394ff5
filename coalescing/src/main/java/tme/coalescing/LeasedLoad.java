package tme.coalescing;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import tme.cache.Futures;
import tme.cache.Lookup;
import tme.cache.Stored;

/**
 * One flight's way to a value across processes: claim the lease, then load (ours), wait (held), or use what
 * another process cached or failed with. Runs inside the key's single-flight, so one per key per process.
 *
 * <pre>
 * claim --cached (fresh)---------------------------------------> keep an L1 copy, answer it
 *       --ours----> load -> write L1+L2 -> release (or leave the domain error in the lease) -> answer
 *                   (lease found lost, maxWait, or our load failed: a value stored since we began? answer it)
 *       --held----> pause 25..250ms -> claim again, until maxWait -> load here
 *       --failed--> answer the holder's error
 *       --unavailable (Redis slow/down/bypassed)--> load here, write the cache
 * </pre>
 *
 * A refresh (background) insists: it takes the lease although a fresh value is cached. A copy seen with a lease
 * held or ours counts only when it is fresh and newer than the value being replaced (another process refreshed
 * first). A stale copy never ends the flight: falling back to a stale value is the caller's decision, made only
 * when the load fails (see {@link CoalescingCache}).
 */
final class LeasedLoad {

    private final Parts parts;
    private final String key;
    private final Loader loader;
    private final LoadContext context;
    private final Optional<Instant> replacing;
    // Decided once: a background load that a reader raises meanwhile keeps claiming as it started.
    private final boolean insist;
    // When this flight began: a value stored since then, by anyone, is as new as what our callers asked for.
    private final Instant began;
    private final Instant deadline;
    private final Promise<Result> promise = Promise.promise();
    // Touched only by this flight's callbacks, which run one after the other (a round starts when the last ended).
    private int round;
    private boolean waited;

    LeasedLoad(Parts parts, LoadContext context, Loader loader) {
        this.parts = parts;
        this.key = context.key();
        this.loader = loader;
        this.context = context;
        this.replacing = context.previous().map(Stored::storedAt);
        this.insist = context.background();
        this.began = parts.clock().instant();
        this.deadline = began.plus(parts.config().maxWait());
    }

    Future<Result> run() {
        claim();
        return promise.future();
    }

    private void claim() {
        parts.leases().claim(key, insist).onComplete(claimed -> {
            if (claimed.succeeded()) {
                decide(claimed.result());
            } else {
                promise.fail(claimed.cause()); // a bug: Leases answer Unavailable when Redis is
            }
        });
    }

    private void decide(Claim claim) {
        switch (claim) {
            case Claim.Cached cached -> found(cached.copy());
            case Claim.Ours ours -> ours.cached().filter(this::usable).ifPresentOrElse(copy -> {
                parts.leases().release(ours); // another process refreshed first: nothing to load
                found(copy);
            }, () -> hold(ours));
            case Claim.Held held -> held.cached().filter(this::usable).ifPresentOrElse(this::found, this::pause);
            case Claim.Failed failed -> {
                parts.counts().increment(Count.SHARED_FAILURES);
                promise.complete(new Result.Failed(LoadError.received(failed.error()), Source.OTHER_PROCESS));
            }
            case Claim.Unavailable unavailable -> {
                parts.counts().increment(Count.LOCAL_FALLBACKS);
                loadHere();
            }
        }
    }

    private boolean usable(Claim.Copy copy) {
        return copy.fresh() && newer(copy.value());
    }

    private void found(Claim.Copy copy) {
        Lookup kept = parts.cache().keepL2Copy(key, copy.value(), copy.timeLeft());
        Stored value = kept instanceof Lookup.Hit hit ? hit.stored() : copy.value();
        promise.complete(new Result.Found(value, waited ? Source.OTHER_PROCESS : Source.L2));
    }

    private void pause() {
        if (!waited) {
            waited = true;
            parts.counts().increment(Count.LEASE_WAITS);
        }
        Duration left = Duration.between(parts.clock().instant(), deadline);
        if (!left.isPositive()) {
            parts.counts().increment(Count.LEASE_WAIT_TIMEOUTS);
            loadHere();
            return;
        }
        CoalescingConfig config = parts.config();
        Duration pause = Pauses.next(round++, config.pollFrom(), config.pollUpTo());
        long millis = Math.max(1, Math.min(pause.toMillis(), left.toMillis()));
        parts.vertx().setTimer(millis, id -> claim());
    }

    /**
     * Loads under our lease, renewed meanwhile; the value is in the cache before the lease goes. Should another
     * process store the key meanwhile (our lease lapsed while we were paused or cut off, and it took over), our
     * callers get its value as soon as we see it: when a renewal finds the lease lost, at {@code maxWait}, or when
     * our own load fails. Our load still runs on and stores what it gets.
     */
    private void hold(Claim.Ours lease) {
        if (waited) {
            parts.counts().increment(Count.LEASE_TAKEOVERS);
        }
        Future<Loaded> loading = load();
        Future<Result> done = loading.compose(this::store).andThen(stored -> context.settle());
        parts.leases().keepAlive(lease, done, this::answerIfTakenOver);
        long deadlineTimer = parts.vertx().setTimer(parts.config().maxWait().toMillis(),
                id -> answerIfTakenOver());
        done.onComplete(result -> {
            parts.vertx().cancelTimer(deadlineTimer);
            if (loading.succeeded() && loading.result() instanceof Loaded.Failure(LoadError error, boolean shared, Timings ignored)
                    && shared) {
                parts.leases().fail(lease, error.bytes()); // the one place a failure becomes bytes
            } else {
                parts.leases().release(lease);
            }
            answer(result);
        });
    }

    private void loadHere() {
        load().compose(this::store).andThen(stored -> context.settle()).onComplete(this::answer);
    }

    /** A failed load answers a value another process stored since we began, if there is one (else the failure). */
    private void answer(AsyncResult<Result> result) {
        if (promise.future().isComplete()) {
            return; // answered already with another process's value; our load ran on to store its own
        }
        if (result.succeeded() && result.result() instanceof Result.Found) {
            promise.tryComplete(result.result());
            return;
        }
        storedSinceBegan().onComplete(stored -> {
            if (stored.succeeded() && stored.result().isPresent()) {
                answerTakenOver(stored.result().get());
            } else if (result.succeeded()) {
                promise.tryComplete(result.result());
            } else {
                promise.tryFail(result.cause());
            }
        });
    }

    /** Answers a value another process stored since we began, if there is one now; else keeps waiting. */
    private void answerIfTakenOver() {
        if (promise.future().isComplete()) {
            return;
        }
        storedSinceBegan().onSuccess(stored -> stored.ifPresent(this::answerTakenOver));
    }

    private void answerTakenOver(Stored value) {
        if (promise.tryComplete(new Result.Found(value, Source.OTHER_PROCESS))) {
            parts.counts().increment(Count.TAKEOVER_ANSWERS);
        }
    }

    /**
     * The fresh value L2 (or L1) holds for the key if it was stored since this flight began, and is newer than the
     * value it replaces (the same clock may have read the same instant for both); never failed.
     */
    private Future<Optional<Stored>> storedSinceBegan() {
        return parts.cache().probeL2(key).map(lookup -> lookup instanceof Lookup.Hit hit && hit.fresh()
                && !hit.stored().storedAt().isBefore(began) && newer(hit.stored())
                ? Optional.of(hit.stored()) : Optional.<Stored>empty());
    }

    private boolean newer(Stored value) {
        return replacing.map(old -> value.storedAt().isAfter(old)).orElse(true);
    }

    private Future<Loaded> load() {
        parts.counts().increment(Count.LOADS);
        return Futures.guarded(() -> loader.load(context));
    }

    private Future<Result> store(Loaded loaded) {
        return switch (loaded) {
            case Loaded.Value value -> {
                Duration lifetime = parts.config().freshness(value.freshFor()).lifetime(key);
                Stored stored = Stored.of(value.body(), value.kind(), parts.clock().instant(), lifetime);
                yield parts.cache().put(key, stored).map(written -> new Result.Found(stored, Source.LOAD, value.timings()));
            }
            case Loaded.Failure failure ->
                    Future.succeededFuture(new Result.Failed(failure.error(), Source.LOAD, failure.timings()));
        };
    }
}
