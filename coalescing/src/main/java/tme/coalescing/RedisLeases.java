package tme.coalescing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import tme.cache.Lookup;
import tme.cache.Staleness;
import tme.cache.StoredReply;
import tme.redis.LeaseScripts;
import tme.redis.Lua;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.RepeatLog;

/**
 * Leases in Redis, sent through the cache's {@link RedisLink}: its pool, per-command deadline and breaker.
 * See {@link LeaseScripts} for the protocol. A value Redis holds past its keep window by our clock, or cannot be
 * decoded (another codec version), counts as absent; a stale one is reported as a stale {@link Claim.Copy}.
 */
final class RedisLeases implements Leases {

    private static final System.Logger LOG = System.getLogger(RedisLeases.class.getName());

    private final RedisLink link;
    private final Vertx vertx;
    private final InstantSource clock;
    // Script failures: one line a minute per kind.
    private final RepeatLog failures;
    private final LeaseTimes times;
    // How long the cache keeps values past freshness: a claim reads stale values as such, not as gone.
    private final Staleness staleness;
    // Claims that made this process the loader (Redis answered "ours"), as against waiting or a shared answer.
    private final LongAdder taken = new LongAdder();
    private final LongAdder lost = new LongAdder();
    private final LongAdder renewalsUnreached = new LongAdder();

    RedisLeases(RedisLink link, Vertx vertx, InstantSource clock, LeaseTimes times, Staleness staleness) {
        this.link = link;
        this.staleness = staleness;
        this.vertx = vertx;
        this.clock = clock;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.times = times;
    }

    @Override
    public Future<Claim> claim(String key, boolean insist) {
        // A claim that did not insist and found a value the script judged fresh but we cannot use (it decodes the
        // header only) took no lease: insist at once.
        return claimOnce(key, insist).compose(claim -> claim != null ? Future.succeededFuture(claim)
                : claimOnce(key, true));
    }

    @Override
    public void keepAlive(Claim.Ours lease, Future<?> work, Runnable onLost) {
        long timer = vertx.setPeriodic(times.renewEvery().toMillis(), id -> renew(lease, work, onLost));
        work.onComplete(done -> vertx.cancelTimer(timer));
    }

    @Override
    public Future<Void> release(Claim.Ours lease) {
        return finish(lease, new byte[0], Duration.ZERO);
    }

    @Override
    public Future<Void> fail(Claim.Ours lease, byte[] error) {
        return finish(lease, error, times.failureSharedFor());
    }

    @Override
    public Map<String, Long> counters() {
        return Map.of("coalescing.lease.taken", taken.sum(), "coalescing.lease.lost", lost.sum(),
                "coalescing.lease.renewals_unreached", renewalsUnreached.sum());
    }

    /** The claim, or {@code null} when a value was cached but is unusable and no lease was taken. */
    private Future<Claim> claimOnce(String key, boolean insist) {
        String token = newToken();
        Request eval = Lua.eval(LeaseScripts.CLAIM, key, LeaseKeys.of(key))
                .arg(token).arg(times.leaseFor().toMillis()).arg(insist ? "1" : "0")
                .arg(clock.instant().toEpochMilli());
        return link.send(eval)
                .map(reply -> switch (reply) {
                    case RedisReply.Answered<Response> answered -> toClaim(key, token, answered.value());
                    case RedisReply.Unavailable<Response> unavailable -> unavailable(unavailable.reason().name());
                })
                .otherwise(bug -> {
                    failures.log(System.Logger.Level.ERROR, "lease claim script failed",
                            () -> "lease claim script failed for " + key, bug);
                    return unavailable("script error");
                });
    }

    private Claim toClaim(String key, String token, Response answer) {
        String status = answer.get(0).toString();
        Optional<Claim.Copy> copy = copy(answer.get(1), answer.get(2));
        return switch (status) {
            case "cached" -> copy.filter(Claim.Copy::fresh).<Claim>map(Claim.Cached::new).orElse(null);
            case "ours" -> {
                taken.increment();
                yield new Claim.Ours(key, token, copy);
            }
            case "held" -> new Claim.Held(copy);
            case "failed" -> new Claim.Failed(answer.get(3).toBytes());
            default -> throw new IllegalStateException("unknown lease status " + status);
        };
    }

    /** The cached value if readable and kept, fresh or stale (see {@link StoredReply}); an unreadable one is counted. */
    private Optional<Claim.Copy> copy(Response value, Response pttl) {
        return StoredReply.read(value, pttl, clock.instant(), staleness, link::countUnreadableValue)
                instanceof Lookup.Hit hit
                ? Optional.of(new Claim.Copy(hit.stored(), hit.timeLeft()))
                : Optional.empty();
    }

    private void renew(Claim.Ours lease, Future<?> work, Runnable onLost) {
        Request eval = Lua.eval(LeaseScripts.RENEW, LeaseKeys.of(lease.key()))
                .arg(lease.token()).arg(times.leaseFor().toMillis());
        link.send(eval).onComplete(sent -> {
            if (sent.succeeded() && sent.result() instanceof RedisReply.Answered<Response> answered) {
                // A renewal sent just before the work ended can reach Redis after our own release (it may wait
                // longer for a pooled connection): that is no loss.
                if (answered.value().toLong() == 0 && !work.isComplete()) {
                    lost.increment();
                    LOG.log(System.Logger.Level.WARNING, "lease on " + lease.key() + " lapsed while loading");
                    onLost.run();
                }
            } else {
                renewalsUnreached.increment();
            }
        });
    }

    private Future<Void> finish(Claim.Ours lease, byte[] error, Duration shareFor) {
        Request eval = Lua.eval(LeaseScripts.FINISH, LeaseKeys.of(lease.key()))
                .arg(lease.token()).arg(error).arg(shareFor.toMillis());
        return link.send(eval)
                .<Void>mapEmpty()
                .otherwise(bug -> {
                    failures.log(System.Logger.Level.ERROR, "lease finish script failed",
                            () -> "lease finish script failed for " + lease.key(), bug);
                    return null;
                });
    }

    private static Claim unavailable(String reason) {
        return new Claim.Unavailable(reason);
    }

    private static String newToken() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return HexFormat.of().toHexDigits(random.nextLong()) + HexFormat.of().toHexDigits(random.nextLong());
    }
}
