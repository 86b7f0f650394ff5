package tme.coalescing.gate;

import java.time.Duration;
import java.util.Optional;

/**
 * How long a cooldown lasts, and how late each process resumes after it: pure functions of the strike count,
 * upstream's hint and a uniform draw in [0, 1), so tests can be exact.
 *
 * <ul>
 *   <li>First strike: upstream's hint when it gave one, else the backoff.</li>
 *   <li>Later strikes: the longer of the hint and the backoff: a hint that did not work once is not trusted
 *       alone (upstream tends to repeat the same Retry-After while it keeps refusing).</li>
 *   <li>Backoff: full jitter, uniform in {@code [floor, min(ceiling, floor x 2^strikes)]}.</li>
 *   <li>Every cooldown lasts at least {@code floor} (a hint of 0 still pauses a second). The backoff stops at
 *       {@code ceiling} (5 min); a hint is obeyed up to {@link #HINT_CEILING}, because a 429 is a schedule and
 *       asking inside its window extends the ban; a "come back tomorrow" pauses an hour, then one request asks.</li>
 *   <li>Resume jitter: uniform in {@code [0, min(1s, cooldown / 4)]}, so the fleet's servers do not all send
 *       their first request in the same millisecond the cooldown ends.</li>
 *   <li>A refusal in disguise (a captcha, an emptied page: {@link #disguised}): 2s, doubling on each one that
 *       follows a cooldown with no real content read in between, up to a minute; real content starts it over.</li>
 * </ul>
 */
final class Backoff {

    private static final Duration MAX_JITTER = Duration.ofSeconds(1);
    /** The longest wait upstream may ask for and be obeyed (the scraper caps Retry-After the same way). */
    static final Duration HINT_CEILING = Duration.ofHours(1);

    /** The first pause for a refusal in disguise (a captcha, an emptied page): short, a disguise may be a fluke. */
    static final Duration DISGUISE_FIRST = Duration.ofSeconds(2);
    /**
     * The longest pause for repeated disguised refusals: one probe a minute while they last. Shorter than the 429
     * ceiling: the signal is read from a page and a page read wrongly must not stop the fleet for long.
     */
    static final Duration DISGUISE_CEILING = Duration.ofMinutes(1);

    private Backoff() {}

    /**
     * A cooldown for a refusal in disguise, no jitter in its length: {@link #DISGUISE_FIRST}, else twice
     * {@code previous} (the latest cooldown's length, when no real content was read since it began), at most
     * {@link #DISGUISE_CEILING}; never under {@code TELEGRAM_COOLDOWN_MIN} nor over {@code TELEGRAM_COOLDOWN_MAX}.
     */
    static Duration disguised(Optional<Duration> previous, ThrottleConfig config) {
        Duration length = previous.map(last -> last.multipliedBy(2)).orElse(DISGUISE_FIRST);
        Duration capped = length.compareTo(DISGUISE_CEILING) > 0 ? DISGUISE_CEILING : length;
        return clamp(capped, config.cooldownFloor(), config.cooldownCeiling());
    }

    static Duration cooldown(int strikes, Optional<Duration> hint, double draw, ThrottleConfig config) {
        Duration length = strikes <= 1 && hint.isPresent()
                ? hint.get()
                : longer(hint.orElse(Duration.ZERO), exponential(strikes, draw, config));
        Duration ceiling = hint.isPresent() ? longer(HINT_CEILING, config.cooldownCeiling()) : config.cooldownCeiling();
        return clamp(length, config.cooldownFloor(), ceiling);
    }

    static Duration exponential(int strikes, double draw, ThrottleConfig config) {
        long floor = config.cooldownFloor().toMillis();
        long ceiling = Math.min(config.cooldownCeiling().toMillis(), floor << Math.min(Math.max(strikes, 0), 30));
        return Duration.ofMillis(floor + (long) (draw * (ceiling - floor)));
    }

    static Duration jitter(Duration cooldown, double draw) {
        long most = Math.min(MAX_JITTER.toMillis(), cooldown.toMillis() / 4);
        return Duration.ofMillis((long) (draw * most));
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static Duration clamp(Duration value, Duration floor, Duration ceiling) {
        return value.compareTo(floor) < 0 ? floor : value.compareTo(ceiling) > 0 ? ceiling : value;
    }
}
