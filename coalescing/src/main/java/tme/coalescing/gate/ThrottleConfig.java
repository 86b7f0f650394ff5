package tme.coalescing.gate;

import static tme.cache.Durations.requirePositive;

import java.time.Duration;
import java.util.Objects;

/**
 * The upstream throttle's limits and timeline. Invalid values are rejected with the name of the environment
 * variable the api reads them from ({@code TELEGRAM_RATE must be positive: 0.0}).
 *
 * @param rate           requests per second the whole fleet may send ({@code TELEGRAM_RATE}, 10)
 * @param burst          requests the fleet may send at once after a quiet spell ({@code TELEGRAM_BURST}, 20)
 * @param localRate      this process's own rate when Redis cannot be asked ({@code TELEGRAM_LOCAL_RATE}); the
 *                       operator sizes it as {@code rate / N} for N servers (defaults to the fleet's)
 * @param localBurst     ... and its burst ({@code TELEGRAM_LOCAL_BURST})
 * @param cooldownFloor  shortest pause after a 429 without a usable Retry-After ({@code TELEGRAM_COOLDOWN_MIN}, 1s)
 * @param cooldownCeiling longest backoff when upstream gave no usable wait (5min); a wait it gave is obeyed up to an hour
 * @param rampFrom       the fraction of the rate a process resumes at after a cooldown ({@code TELEGRAM_RAMP_FROM},
 *                       0.25); it doubles every {@code rampStep} up to the full rate
 * @param rampStep       how long each step of the ramp lasts ({@code TELEGRAM_RAMP_STEP}, 5s)
 * @param keyPrefix      the hash tag of the throttle's Redis keys ({@code TELEGRAM_GATE_PREFIX}, {@code tme:gate}):
 *                       {@code {tme:gate}:cooldown} and {@code {tme:gate}:budget}
 */
public record ThrottleConfig(double rate, int burst, double localRate, int localBurst, Duration cooldownFloor,
                             Duration cooldownCeiling, double rampFrom, Duration rampStep, String keyPrefix) {

    public ThrottleConfig {
        requireRate(rate, "TELEGRAM_RATE");
        requireBurst(burst, "TELEGRAM_BURST");
        requireRate(localRate, "TELEGRAM_LOCAL_RATE");
        requireBurst(localBurst, "TELEGRAM_LOCAL_BURST");
        requirePositive(cooldownFloor, "TELEGRAM_COOLDOWN_MIN");
        requirePositive(cooldownCeiling, "TELEGRAM_COOLDOWN_MAX");
        if (cooldownCeiling.compareTo(cooldownFloor) < 0) {
            throw new IllegalArgumentException("TELEGRAM_COOLDOWN_MAX " + cooldownCeiling
                    + " is shorter than TELEGRAM_COOLDOWN_MIN " + cooldownFloor);
        }
        if (!(rampFrom > 0 && rampFrom <= 1)) {
            throw new IllegalArgumentException("TELEGRAM_RAMP_FROM must be in (0, 1]: " + rampFrom);
        }
        requirePositive(rampStep, "TELEGRAM_RAMP_STEP");
        Objects.requireNonNull(keyPrefix, "keyPrefix");
        if (keyPrefix.isEmpty() || keyPrefix.contains("{") || keyPrefix.contains("}")) {
            throw new IllegalArgumentException("TELEGRAM_GATE_PREFIX must be non-empty, without braces: " + keyPrefix);
        }
    }

    /** 10 requests/s with bursts of 20 for the fleet and, without Redis, for this process; pauses 1s..5min. */
    public static ThrottleConfig defaults() {
        return new ThrottleConfig(10, 20, 10, 20, Duration.ofSeconds(1), Duration.ofMinutes(5), 0.25,
                Duration.ofSeconds(5), "tme:gate");
    }

    /** The fleet's rate and burst; the local fallback keeps its own numbers. */
    public ThrottleConfig withFleet(double newRate, int newBurst) {
        return new ThrottleConfig(newRate, newBurst, localRate, localBurst, cooldownFloor, cooldownCeiling,
                rampFrom, rampStep, keyPrefix);
    }

    /** This process's rate and burst when Redis cannot be asked. */
    public ThrottleConfig withLocal(double newRate, int newBurst) {
        return new ThrottleConfig(rate, burst, newRate, newBurst, cooldownFloor, cooldownCeiling,
                rampFrom, rampStep, keyPrefix);
    }

    /** Fleet and local limits alike: what a single server, or a test, runs with. */
    public ThrottleConfig withRate(double newRate, int newBurst) {
        return withFleet(newRate, newBurst).withLocal(newRate, newBurst);
    }

    public ThrottleConfig withKeyPrefix(String prefix) {
        return new ThrottleConfig(rate, burst, localRate, localBurst, cooldownFloor, cooldownCeiling,
                rampFrom, rampStep, prefix);
    }

    /** How long the ramp takes from {@code rampFrom} to the full rate: one step per doubling. */
    Duration rampLength() {
        return rampStep.multipliedBy(rampSteps());
    }

    /** Doublings from {@code rampFrom} to 1 (2 for 0.25). */
    int rampSteps() {
        int steps = 0;
        for (double fraction = rampFrom; fraction < 1; fraction *= 2) {
            steps++;
        }
        return steps;
    }

    /** The fleet's cooldown: {@code {tme:gate}:cooldown}, in the budget's hash slot (the budget script reads it). */
    public String cooldownKey() {
        return "{" + keyPrefix + "}:cooldown";
    }

    /** The fleet's budget: {@code {tme:gate}:budget}. */
    public String budgetKey() {
        return "{" + keyPrefix + "}:budget";
    }

    /** One client's share of the budget: {@code {tme:gate}:client:<client>}, in the budget's hash slot. */
    public String clientKey(String client) {
        return "{" + keyPrefix + "}:client:" + client;
    }

    /** The clients that asked lately, a sorted set by when ({@code {tme:gate}:waiting}): whether a share binds. */
    public String waitingKey() {
        return "{" + keyPrefix + "}:waiting";
    }

    private static void requireRate(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    private static void requireBurst(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1: " + value);
        }
    }
}
