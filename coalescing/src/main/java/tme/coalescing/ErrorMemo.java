package tme.coalescing;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Failed loads remembered per key for {@code errorTtl}, in this process: a failing hot key then costs at most one
 * upstream request per {@code errorTtl} per process, with or without Redis (the lease shares an error across
 * processes only while Redis is up). Bounded like the refresh markers: swept once it holds many keys.
 */
final class ErrorMemo {

    // Sweep expired entries once this many keys have one, so keys that failed once and are never read again go.
    private static final int SWEEP_ABOVE = 10_000;

    private record Remembered(LoadError error, Instant until) {}

    private final Duration errorTtl;
    // key -> its latest failure while remembered; an expired entry is removed by the next look or sweep.
    private final ConcurrentMap<String, Remembered> failures = new ConcurrentHashMap<>();

    ErrorMemo(Duration errorTtl) {
        this.errorTtl = errorTtl;
    }

    void remember(String key, LoadError error, Instant now) {
        failures.put(key, new Remembered(error, now.plus(errorTtl)));
        if (failures.size() > SWEEP_ABOVE) {
            failures.values().removeIf(remembered -> !now.isBefore(remembered.until()));
        }
    }

    /** The failure remembered for {@code key} at {@code now}, if any. */
    Optional<LoadError> recent(String key, Instant now) {
        Remembered remembered = failures.get(key);
        if (remembered == null) {
            return Optional.empty();
        }
        if (now.isBefore(remembered.until())) {
            return Optional.of(remembered.error());
        }
        failures.remove(key, remembered);
        return Optional.empty();
    }

    /** Keys remembered now, expired ones not yet swept included (for tests). */
    int size() {
        return failures.size();
    }
}
