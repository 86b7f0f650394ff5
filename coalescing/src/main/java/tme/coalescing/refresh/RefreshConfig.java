package tme.coalescing.refresh;

import static tme.cache.Durations.requirePositive;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The refresh schedule's timeline and the worker's limits. Invalid values are rejected with the name of the
 * environment variable the api reads them from ({@code REFRESH_INTERVAL must be positive: PT0S}).
 *
 * @param interval    how often a registered name is refreshed ({@code REFRESH_INTERVAL}, 60s); a name any process
 *                    loaded within the last half of it is skipped
 * @param idle        a name nobody asked for this long is dropped ({@code REFRESH_IDLE}, 1h)
 * @param claimFor    how long a claimed name stays a worker's; a crashed worker's names come back after it
 *                    ({@code REFRESH_CLAIM_FOR}, 30s: longer than any refresh through the gate may take)
 * @param backoffUpTo longest wait after repeated failures; waits grow interval, 2x, 4x, ... up to it
 *                    ({@code REFRESH_BACKOFF_MAX}, 30min)
 * @param batch       most names one worker claims in one round trip ({@code REFRESH_BATCH}, 16)
 * @param concurrency most refreshes one worker runs at once ({@code REFRESH_CONCURRENCY}, 8); the upstream gate
 *                    still decides how fast they reach upstream
 * @param tick        how often a worker looks for due names ({@code REFRESH_TICK}, 1s)
 * @param stopGrace   how long a stopping worker lets refreshes in flight finish before it hands their names
 *                    back, due at once ({@code REFRESH_STOP_GRACE}, 5s)
 * @param askedEvery  a process tells Redis a name was asked for at most this often (a feed asked a thousand
 *                    times a second costs one write per name per this long), a twelfth of {@code idle}
 * @param keyPrefix   the schedule's keys, with their hash tag: {@code tme:v1:{refresh}} gives
 *                    {@code tme:v1:{refresh}:due} and its siblings, all on one Redis Cluster slot
 */
public record RefreshConfig(Duration interval, Duration idle, Duration claimFor, Duration backoffUpTo, int batch,
                            int concurrency, Duration tick, Duration stopGrace, Duration askedEvery,
                            String keyPrefix) {

    /** Idle names dropped per claim at most, so one script never runs long after a mass expiry. */
    static final int SWEEP_LIMIT = 100;

    public RefreshConfig {
        requirePositive(interval, "REFRESH_INTERVAL");
        requirePositive(idle, "REFRESH_IDLE");
        requirePositive(claimFor, "REFRESH_CLAIM_FOR");
        requirePositive(backoffUpTo, "REFRESH_BACKOFF_MAX");
        requirePositive(tick, "REFRESH_TICK");
        requirePositive(askedEvery, "askedEvery");
        Objects.requireNonNull(stopGrace, "REFRESH_STOP_GRACE");
        if (stopGrace.isNegative()) {
            throw new IllegalArgumentException("REFRESH_STOP_GRACE must not be negative: " + stopGrace);
        }
        if (batch < 1 || batch > 1000) {
            throw new IllegalArgumentException("REFRESH_BATCH must be within 1..1000: " + batch);
        }
        if (concurrency < 1 || concurrency > 1000) {
            throw new IllegalArgumentException("REFRESH_CONCURRENCY must be within 1..1000: " + concurrency);
        }
        if (idle.compareTo(interval) < 0) {
            throw new IllegalArgumentException("REFRESH_IDLE " + idle + " is shorter than REFRESH_INTERVAL " + interval);
        }
        requireTagged(keyPrefix);
    }

    public static RefreshConfig defaults() {
        return of(Duration.ofSeconds(60), Duration.ofHours(1));
    }

    /** The defaults around an interval and an idle time (what the api reads from the environment). */
    public static RefreshConfig of(Duration interval, Duration idle) {
        return new RefreshConfig(interval, idle, Duration.ofSeconds(30), Duration.ofMinutes(30), 16, 8,
                Duration.ofSeconds(1), Duration.ofSeconds(5), idle.dividedBy(12), "tme:v1:{refresh}");
    }

    public RefreshConfig withWorker(int newBatch, int newConcurrency) {
        return new RefreshConfig(interval, idle, claimFor, backoffUpTo, newBatch, newConcurrency, tick, stopGrace,
                askedEvery, keyPrefix);
    }

    public RefreshConfig withStopGrace(Duration grace) {
        return new RefreshConfig(interval, idle, claimFor, backoffUpTo, batch, concurrency, tick, grace, askedEvery,
                keyPrefix);
    }

    public RefreshConfig withBackoffUpTo(Duration upTo) {
        return new RefreshConfig(interval, idle, claimFor, upTo, batch, concurrency, tick, stopGrace, askedEvery,
                keyPrefix);
    }

    /** The six keys of the scripts in {@code tme.redis.ScheduleScripts}, in their order; one hash slot. */
    public List<String> keys() {
        return List.of(keyPrefix + ":due", keyPrefix + ":asked", keyPrefix + ":loaded", keyPrefix + ":claims",
                keyPrefix + ":failures", keyPrefix + ":depths");
    }

    /** The half of the interval in which a load by anyone makes a refresh moot. */
    Duration recent() {
        return interval.dividedBy(2);
    }

    private static void requireTagged(String prefix) {
        Objects.requireNonNull(prefix, "keyPrefix");
        int open = prefix.indexOf('{');
        int close = prefix.indexOf('}');
        if (open < 0 || close < open + 2 || prefix.indexOf('{', open + 1) >= 0 || prefix.indexOf('}', close + 1) >= 0) {
            throw new IllegalArgumentException("the refresh key prefix needs exactly one hash tag, e.g. "
                    + "tme:v1:{refresh}: " + prefix);
        }
    }
}
