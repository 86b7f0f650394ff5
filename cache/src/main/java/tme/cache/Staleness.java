package tme.cache;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How long an entry lives on after its freshness, in two windows (Varnish's grace and keep; HTTP's
 * {@code stale-while-revalidate} and {@code stale-if-error}):
 *
 * <pre>
 * storedAt          expiresAt          + whileRevalidate                    + maxStale
 *    |--- fresh ---------|--- served at once, refreshed behind ---|--- served only if the load fails ---|  gone
 *                        |&lt;------------------------- keepFor = max(whileRevalidate, maxStale) -------&gt;|
 * </pre>
 *
 * Both levels keep an entry until {@code expiresAt + keepFor} (Redis: {@code PX} = freshness left + keepFor);
 * what a reader does with a stale entry is the coalescing module's business.
 *
 * @param whileRevalidate how long past freshness a stale entry is answered at once while one refresh runs
 *                        ({@code STALE_WHILE_REVALIDATE}); empty: the entry's own freshness
 * @param maxStale        how long past freshness a stale entry may stand in for a failed load ({@code MAX_STALE})
 */
public record Staleness(Optional<Duration> whileRevalidate, Duration maxStale) {

    public static final Duration DEFAULT_MAX_STALE = Duration.ofHours(1);

    public Staleness {
        Objects.requireNonNull(whileRevalidate, "whileRevalidate");
        Objects.requireNonNull(maxStale, "maxStale");
        whileRevalidate.ifPresent(window -> requireNotNegative(window, "STALE_WHILE_REVALIDATE"));
        requireNotNegative(maxStale, "MAX_STALE");
    }

    public static Staleness of(Optional<Duration> whileRevalidate, Duration maxStale) {
        return new Staleness(whileRevalidate, maxStale);
    }

    /** Stale-while-revalidate for each entry's own freshness, stale-if-error for an hour. */
    public static Staleness defaults() {
        return new Staleness(Optional.empty(), DEFAULT_MAX_STALE);
    }

    /** No life after freshness: an entry is gone when it stops being fresh (the behaviour before stale answers). */
    public static Staleness none() {
        return new Staleness(Optional.of(Duration.ZERO), Duration.ZERO);
    }

    /** How long past freshness an entry fresh for {@code freshFor} is answered at once while it is refreshed. */
    public Duration whileRevalidate(Duration freshFor) {
        return whileRevalidate.orElse(freshFor);
    }

    /** How long past freshness both levels keep an entry fresh for {@code freshFor}. */
    public Duration keepFor(Duration freshFor) {
        Duration window = whileRevalidate(freshFor);
        return window.compareTo(maxStale) > 0 ? window : maxStale;
    }

    private static void requireNotNegative(Duration value, String name) {
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + value);
        }
    }
}
