package tme.api;

import java.time.Duration;
import tme.cache.Staleness;
import tme.coalescing.Tolerance;
import tme.coalescing.refresh.RefreshConfig;

/** The refresher's settings ({@code REFRESH_*}) and the feed's tolerance of page age ({@code FEED_*}), read from the environment. */
final class RefreshSettings {

    private RefreshSettings() {}

    static RefreshConfig fromEnv(EnvReader in) {
        Duration interval = in.positiveDuration("REFRESH_INTERVAL", Duration.ofSeconds(60));
        Duration idle = in.positiveDuration("REFRESH_IDLE", Duration.ofHours(1));
        RefreshConfig defaults = RefreshConfig.of(Duration.ofSeconds(60), Duration.ofHours(1));
        Duration claimFor = in.positiveDuration("REFRESH_CLAIM_FOR", defaults.claimFor());
        Duration backoffUpTo = in.positiveDuration("REFRESH_BACKOFF_MAX", defaults.backoffUpTo());
        int batch = in.integer("REFRESH_BATCH", defaults.batch(), 1, 1000);
        int concurrency = in.integer("REFRESH_CONCURRENCY", defaults.concurrency(), 1, 1000);
        Duration tick = in.positiveDuration("REFRESH_TICK", defaults.tick());
        Duration stopGrace = in.nonNegativeDuration("REFRESH_STOP_GRACE", defaults.stopGrace());
        return in.checked(() -> new RefreshConfig(interval, idle, claimFor, backoffUpTo, batch, concurrency, tick,
                stopGrace, idle.dividedBy(12), defaults.keyPrefix()), defaults);
    }

    /**
     * How old a channel's latest page a feed accepts. Feeds read the entry {@code /v1/body/<channel>} answers, which
     * both cache levels keep {@code CACHE_TTL_LATEST + max(STALE_WHILE_REVALIDATE, MAX_STALE)} after it was stored:
     * a page older than that is gone, and the feed waits for t.me as on a miss. So a {@code FEED_STALE_TTL} set
     * longer than that is refused (it could not hold); the default simply ends earlier where the cache keeps less.
     */
    static Tolerance feedPages(EnvReader in, Duration latestFreshFor, Staleness staleness) {
        Duration fresh = in.positiveDuration("FEED_FRESH_TTL", Duration.ofSeconds(60));
        Duration stale = in.positiveDuration("FEED_STALE_TTL", Duration.ofMinutes(15));
        Duration kept = latestFreshFor.plus(staleness.keepFor(latestFreshFor));
        if (in.value("FEED_STALE_TTL") != null && stale.compareTo(kept) > 0) {
            in.problem("FEED_STALE_TTL " + stale + " is longer than a latest page is kept (CACHE_TTL_LATEST + "
                    + "max(STALE_WHILE_REVALIDATE, MAX_STALE) = " + kept + ")");
        }
        Tolerance defaults = Tolerance.of(Duration.ofSeconds(60), Duration.ofMinutes(15));
        if (stale.compareTo(fresh) < 0) {
            in.problem("FEED_STALE_TTL " + stale + " is shorter than FEED_FRESH_TTL " + fresh);
            return defaults;
        }
        return Tolerance.of(fresh, stale);
    }
}
