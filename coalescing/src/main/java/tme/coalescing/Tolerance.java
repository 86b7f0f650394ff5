package tme.coalescing;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import tme.cache.Stored;

/**
 * How old a value one kind of reader accepts, whatever lifetime the value was stored with (HTTP's request
 * {@code max-age} and {@code max-stale}, on our side): a value younger than {@code freshFor} is answered as it is;
 * one younger than {@code usableFor} is answered at once while one background refresh runs; an older one (or none)
 * is waited for like a miss. Ages count from the value's first-stored time, the same on every process.
 *
 * <p>Lets two readers share one entry on different timelines: a channel's latest page is fresh for
 * {@code CACHE_TTL_LATEST} (10 s) for {@code /v1/body}, and for {@code FEED_FRESH_TTL} (60 s), then usable up to
 * {@code FEED_STALE_TTL} (15 min), for a feed built from it.
 *
 * @param freshFor  answered as it is while younger than this
 * @param usableFor answered at once, with one background refresh behind it, while younger than this
 */
public record Tolerance(Duration freshFor, Duration usableFor) {

    public Tolerance {
        Objects.requireNonNull(freshFor, "freshFor");
        Objects.requireNonNull(usableFor, "usableFor");
        if (!freshFor.isPositive()) {
            throw new IllegalArgumentException("freshFor must be positive: " + freshFor);
        }
        if (usableFor.compareTo(freshFor) < 0) {
            throw new IllegalArgumentException("usableFor " + usableFor + " is shorter than freshFor " + freshFor);
        }
    }

    public static Tolerance of(Duration freshFor, Duration usableFor) {
        return new Tolerance(freshFor, usableFor);
    }

    boolean fresh(Stored value, Instant now) {
        return value.age(now).compareTo(freshFor) < 0;
    }

    boolean usable(Stored value, Instant now) {
        return value.age(now).compareTo(usableFor) < 0;
    }
}
