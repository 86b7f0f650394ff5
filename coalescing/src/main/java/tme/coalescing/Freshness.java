package tme.coalescing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The timeline of one entry: when a reader should start refreshing it, and how long a new write should live.
 *
 * <pre>
 *  storedAt                              F-W        F-W/2          F
 *     |----------- fresh ------------------|-- refresh --|-- grace --|  expired
 *                                          ^ refreshAt (hashed)      ^ expiry (long TTLs: hashed, in F-W/2..F)
 * </pre>
 *
 * {@code F} is {@code freshFor} and {@code W} the refresh window, a fraction of it ({@code EARLY_REFRESH_WINDOW},
 * 10% by default). Both points are computed from the key's hash and the entry's {@code storedAt} alone, so every
 * reader in every process agrees on them without talking, and keys stored in the same instant refresh (and
 * expire) spread over the window instead of in one burst. The refresh point always lies in the first half of the
 * window, leaving at least {@code W/2} for the refresh to land before the entry expires.
 *
 * <p>Deterministic on purpose, unlike probabilistic early expiration (XFetch), where every read rolls a die and a
 * hot key read thousands of times a second is refreshed by many readers, windows early: exactly the keys we most
 * want to reload once. Here a hot key is reloaded once per lifetime, by the first read past its point.
 *
 * @param freshFor      how long the entry is fresh ({@code F})
 * @param refreshWindow the fraction of {@code freshFor} at its end where refreshes happen, 0..0.5
 */
public record Freshness(Duration freshFor, double refreshWindow) {

    /** Expiries of entries living at least this long are spread; shorter ones are reloaded ahead by readers. */
    public static final Duration SPREAD_EXPIRY_FROM = Duration.ofMinutes(1);
    public static final double DEFAULT_WINDOW = 0.10;
    private static final double MAX_WINDOW = 0.5;
    private static final double TWO_TO_32 = 0x1p32;

    public Freshness {
        Objects.requireNonNull(freshFor, "freshFor");
        if (freshFor.isNegative()) {
            throw new IllegalArgumentException("freshFor must not be negative: " + freshFor);
        }
        if (!(refreshWindow >= 0 && refreshWindow <= MAX_WINDOW)) {
            throw new IllegalArgumentException("EARLY_REFRESH_WINDOW must be within 0.." + MAX_WINDOW + ": "
                    + refreshWindow);
        }
    }

    public static Freshness of(Duration freshFor, double refreshWindow) {
        return new Freshness(freshFor, refreshWindow);
    }

    /** The window's length, {@code W}. */
    public Duration window() {
        return Duration.ofNanos(Math.round(freshFor.toNanos() * refreshWindow));
    }

    /** When readers of {@code key} stored at {@code storedAt} should start one background refresh. */
    public Instant refreshAt(String key, Instant storedAt) {
        Duration window = window();
        Duration intoHalfWindow = fraction(window.dividedBy(2), lowHalf(hash(key)));
        return storedAt.plus(freshFor).minus(window).plus(intoHalfWindow);
    }

    /**
     * How long a value for {@code key} should be stored: {@code freshFor}, shortened for long lifetimes by a
     * key-hashed part of the last half window, so entries written together do not all expire together.
     */
    public Duration lifetime(String key) {
        if (freshFor.compareTo(SPREAD_EXPIRY_FROM) < 0) {
            return freshFor;
        }
        return freshFor.minus(fraction(window().dividedBy(2), highHalf(hash(key))));
    }

    private static Duration fraction(Duration span, double fraction) {
        return Duration.ofNanos((long) (span.toNanos() * fraction));
    }

    private static double lowHalf(long hash) {
        return (hash & 0xFFFF_FFFFL) / TWO_TO_32;
    }

    private static double highHalf(long hash) {
        return (hash >>> 32) / TWO_TO_32;
    }

    /** FNV-1a over the UTF-8 key, then a murmur3 finalizer so similar keys land far apart. Stable across JVMs. */
    static long hash(String key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xFF)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }
}
