package tme.coalescing;

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
        this.deadline = parts.clock().instant().plus(parts.config().maxWait());
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
        return copy.fresh() && replacing.map(old -> copy.value().storedAt().isAfter(old)).orElse(true);
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

    /** Loads under our lease, renewed meanwhile; the value is in the cache before the lease goes. */
    private void hold(Claim.Ours lease) {
        if (waited) {
            parts.counts().increment(Count.LEASE_TAKEOVERS);
        }
        Future<Loaded> loading = load();
        Future<Result> done = loading.compose(this::store);
        parts.leases().keepAlive(lease, done);
        done.onComplete(result -> {
            if (loading.succeeded() && loading.result() instanceof Loaded.Failure(LoadError error, boolean shared, Timings ignored)
                    && shared) {
                parts.leases().fail(lease, error.bytes()); // the one place a failure becomes bytes
            } else {
                parts.leases().release(lease);
            }
            promise.handle(result);
        });
    }

    private void loadHere() {
        load().compose(this::store).onComplete(promise);
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
