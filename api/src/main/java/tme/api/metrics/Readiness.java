package tme.api.metrics;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import tme.redis.BreakerState;

/**
 * Whether this server should get traffic, for {@code GET /readyz}. Ready while it serves, even degraded: with Redis
 * down it answers from memory and t.me, and while t.me cools it down it answers what it has. Not ready only before
 * it serves every event loop, and once it is stopping, so a load balancer drains it before the connections close.
 */
public final class Readiness {

    /** Where the server is in its life. */
    public enum Phase { STARTING, SERVING, STOPPING }

    /** The answer: its HTTP status (200 or 503) and its JSON body. */
    public record Report(int status, JsonObject body) {}

    private final Optional<Supplier<BreakerState>> breaker;
    private final Supplier<Optional<Duration>> cooldownLeft;
    private volatile Phase phase = Phase.STARTING;

    /**
     * @param breaker      the Redis link's breaker state, or empty without Redis
     * @param cooldownLeft what is left of the upstream gate's cooldown, if one runs
     */
    public Readiness(Optional<Supplier<BreakerState>> breaker, Supplier<Optional<Duration>> cooldownLeft) {
        this.breaker = breaker;
        this.cooldownLeft = cooldownLeft;
    }

    /** Every event loop serves. */
    public void serving() {
        if (phase == Phase.STARTING) {
            phase = Phase.SERVING;
        }
    }

    /** The server is stopping: not ready from now on. */
    public void stopping() {
        phase = Phase.STOPPING;
    }

    /**
     * {@code {"status":"ready|degraded|starting|stopping","redis":"up|down|off","breaker":"closed|open|half_open|off",
     * "upstream":"ok|cooling_down"}} (and {@code cooldown_seconds} while cooling down); 503 only when not serving.
     */
    public Report report() {
        Optional<BreakerState> state = breaker.map(Supplier::get);
        Optional<Duration> cooling = cooldownLeft.get();
        boolean redisDown = state.isPresent() && state.get() != BreakerState.CLOSED;
        JsonObject body = new JsonObject()
                .put("status", status(redisDown || cooling.isPresent()))
                .put("redis", state.map(s -> redisDown ? "down" : "up").orElse("off"))
                .put("breaker", state.map(s -> s.name().toLowerCase(Locale.ROOT)).orElse("off"))
                .put("upstream", cooling.isPresent() ? "cooling_down" : "ok");
        cooling.ifPresent(left -> body.put("cooldown_seconds", Math.max(1, (left.toMillis() + 999) / 1000)));
        return new Report(phase == Phase.SERVING ? 200 : 503, body);
    }

    private String status(boolean degraded) {
        return switch (phase) {
            case STARTING -> "starting";
            case STOPPING -> "stopping";
            case SERVING -> degraded ? "degraded" : "ready";
        };
    }
}
