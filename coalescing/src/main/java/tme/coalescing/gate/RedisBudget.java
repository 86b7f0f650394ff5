package tme.coalescing.gate;

import io.vertx.core.Future;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.util.Optional;
import tme.redis.Lua;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.RepeatLog;
import tme.redis.ThrottleScripts;

/**
 * The fleet's cooldown and budget in Redis, sent through the cache's {@link RedisLink} (its pool, deadline and
 * breaker); see {@link ThrottleScripts}. Redis being slow or down is a value ({@link Take.Unreached}), never a
 * failure: the caller decides with its local bucket.
 */
final class RedisBudget {

    private static final System.Logger LOG = System.getLogger(RedisBudget.class.getName());
    /** Longer waits are never worth queuing for; keeps the script's arithmetic far from double's limits. */
    private static final Duration LONGEST_DEADLINE = Duration.ofHours(1);

    /** A granted token with the Redis time it may be sent at, for tests that check the fleet's spacing. */
    record Grant(Take take, long sendAtMicros) {}

    private final RedisLink link;
    private final RepeatLog failures;
    private final ThrottleConfig config;
    private final long intervalMicros;
    private final long toleranceMicros;

    RedisBudget(RedisLink link, ThrottleConfig config) {
        this.link = link;
        this.failures = link.repeatLog(LOG);
        this.config = config;
        this.intervalMicros = Math.max(1, Math.round(1e6 / config.rate()));
        this.toleranceMicros = (config.burst() - 1) * intervalMicros;
    }

    /** One round trip: the fleet's cooldown, else a token no sooner than {@code notBefore}, within {@code deadline}. */
    Future<Grant> take(Duration notBefore, Duration deadline) {
        Duration bounded = deadline.compareTo(LONGEST_DEADLINE) > 0 ? LONGEST_DEADLINE : deadline;
        Request eval = Lua.eval(ThrottleScripts.BUDGET, config.cooldownKey(), config.budgetKey())
                .arg(intervalMicros).arg(toleranceMicros).arg(micros(bounded)).arg(micros(notBefore));
        return send(eval);
    }

    private Future<Grant> send(Request eval) {
        return link.send(eval)
                .map(reply -> switch (reply) {
                    case RedisReply.Answered<Response> answered -> toGrant(answered.value());
                    case RedisReply.Unavailable<Response> unavailable ->
                            new Grant(new Take.Unreached(unavailable.reason().name()), 0);
                })
                .otherwise(bug -> {
                    failures.log(System.Logger.Level.ERROR, "throttle budget script failed", bug);
                    return new Grant(new Take.Unreached("script error"), 0);
                });
    }

    /**
     * As {@link #take(Duration, Duration)}, with {@code client}'s own bucket of {@code share} checked and charged in
     * the same round trip ({@link ThrottleScripts#CLIENT_BUDGET}): over its share while another client asked within
     * {@link ClientShare#othersWithin()}, {@link Take.OverShare}; alone, the fleet's budget only. A {@code reader}'s
     * ask is noted as waiting; background work's is not (it never makes a reader's share bind).
     */
    Future<Grant> take(Duration notBefore, Duration deadline, String client, boolean reader, ClientShare share) {
        Duration bounded = deadline.compareTo(LONGEST_DEADLINE) > 0 ? LONGEST_DEADLINE : deadline;
        long clientInterval = Math.max(1, Math.round(1e6 / share.rateOf(config.rate())));
        Request eval = Lua.eval(ThrottleScripts.CLIENT_BUDGET, config.cooldownKey(), config.budgetKey(),
                        config.clientKey(client), config.waitingKey())
                .arg(intervalMicros).arg(toleranceMicros).arg(micros(bounded)).arg(micros(notBefore))
                .arg(clientInterval).arg((share.burst() - 1) * clientInterval)
                .arg(client).arg(Math.max(1, micros(share.othersWithin()))).arg(reader ? 1 : 0);
        return send(eval);
    }

    /**
     * Makes the fleet cool down for at least {@code length} from now (never shortening it); answers the
     * cooldown as Redis now holds it, or empty when Redis could not be asked.
     */
    Future<Optional<Take.Cooling>> coolDown(Duration length) {
        Request eval = Lua.eval(ThrottleScripts.COOL_DOWN, config.cooldownKey())
                .arg(Math.max(1, length.toMillis()));
        return link.send(eval)
                .map(reply -> reply instanceof RedisReply.Answered<Response> answered
                        ? Optional.of(new Take.Cooling(Duration.ofMillis(answered.value().get(0).toLong()),
                                Duration.ofMillis(answered.value().get(1).toLong())))
                        : Optional.<Take.Cooling>empty())
                .otherwise(bug -> {
                    failures.log(System.Logger.Level.ERROR, "throttle cooldown script failed", bug);
                    return Optional.empty();
                });
    }

    private static Grant toGrant(Response answer) {
        long left = answer.get(0).toLong();
        if (left > 0) {
            return new Grant(new Take.Cooling(Duration.ofMillis(left), Duration.ofMillis(answer.get(1).toLong())), 0);
        }
        Duration wait = Duration.ofNanos(answer.get(2).toLong() * 1000);
        Take take = switch (answer.get(3).toInteger()) {
            case 1 -> new Take.Granted(wait);
            case 2 -> new Take.OverShare(wait);
            case 3 -> new Take.Later(wait);
            default -> new Take.TooLate(wait);
        };
        return new Grant(take, answer.get(4).toLong());
    }

    private static long micros(Duration duration) {
        return Math.max(0, duration.toNanos() / 1000);
    }
}
