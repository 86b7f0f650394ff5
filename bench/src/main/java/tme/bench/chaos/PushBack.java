package tme.bench.chaos;

import java.time.Duration;
import java.util.Optional;

/**
 * How long after a fault every receiver had a post published since ({@code after}), and {@code who} was last; or
 * none ({@code after} empty) and {@code who} never got one.
 */
record PushBack(Optional<Duration> after, String who) {}
