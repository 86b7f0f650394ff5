package tme.coalescing;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Pauses between looks at another process's lease: random within {@code [from, ceiling]}, the ceiling doubling
 * each round from {@code 2 x from} up to {@code upTo} (25..50ms, 25..100ms, 25..200ms, then 25..250ms). Early
 * looks are quick because most loads are short; the randomness keeps hundreds of waiters from polling in step.
 */
final class Pauses {

    private Pauses() {}

    static Duration next(int round, Duration from, Duration upTo) {
        long fromMillis = from.toMillis();
        long ceiling = Math.min(upTo.toMillis(), fromMillis << Math.min(round + 1, 20));
        return Duration.ofMillis(fromMillis + ThreadLocalRandom.current().nextLong(ceiling - fromMillis + 1));
    }
}
