package tme.api;

import static tme.api.Settings.FEED_FRESH_TTL;
import static tme.api.Settings.FEED_STALE_TTL;
import static tme.api.Settings.REFRESH_BACKOFF_MAX;
import static tme.api.Settings.REFRESH_BATCH;
import static tme.api.Settings.REFRESH_CLAIM_FOR;
import static tme.api.Settings.REFRESH_CONCURRENCY;
import static tme.api.Settings.REFRESH_IDLE;
import static tme.api.Settings.REFRESH_INTERVAL;
import static tme.api.Settings.REFRESH_STOP_GRACE;
import static tme.api.Settings.REFRESH_TICK;

import java.time.Duration;
import tme.cache.Staleness;
import tme.coalescing.Tolerance;
import tme.coalescing.refresh.RefreshConfig;

/** The refresher's settings ({@code REFRESH_*}) and the feed's tolerance of page age ({@code FEED_*}), built from the catalogue. */
final class RefreshSettings {

    private RefreshSettings() {}

    /** The schedule's sweep runs twelve times per idle period; the key prefix is the coalescing module's. */
    static RefreshConfig from(EnvReader in) {
        return in.checked(set -> {
            Duration idle = set.get(REFRESH_IDLE);
            return new RefreshConfig(set.get(REFRESH_INTERVAL), idle, set.get(REFRESH_CLAIM_FOR),
                    set.get(REFRESH_BACKOFF_MAX), set.get(REFRESH_BATCH), set.get(REFRESH_CONCURRENCY),
                    set.get(REFRESH_TICK), set.get(REFRESH_STOP_GRACE), idle.dividedBy(12),
                    RefreshConfig.defaults().keyPrefix());
        });
    }

    /**
     * How old a channel's latest page a feed accepts. Feeds read the entry {@code /v1/body/<channel>} answers, which
     * both cache levels keep {@code CACHE_TTL_LATEST + max(STALE_WHILE_REVALIDATE, MAX_STALE)} after it was stored:
     * a page older than that is gone, and the feed waits for t.me as on a miss. So a {@code FEED_STALE_TTL} set
     * longer than that is refused (it could not hold); the default simply ends earlier where the cache keeps less.
     */
    static Tolerance feedPages(EnvReader in, Duration latestFreshFor, Staleness staleness) {
        Duration fresh = in.get(FEED_FRESH_TTL);
        Duration stale = in.get(FEED_STALE_TTL);
        Duration kept = latestFreshFor.plus(staleness.keepFor(latestFreshFor));
        if (in.isSet(FEED_STALE_TTL) && stale.compareTo(kept) > 0) {
            in.problem("FEED_STALE_TTL " + stale + " is longer than a latest page is kept (CACHE_TTL_LATEST + "
                    + "max(STALE_WHILE_REVALIDATE, MAX_STALE) = " + kept + ")");
        }
        if (stale.compareTo(fresh) < 0) {
            in.problem("FEED_STALE_TTL " + stale + " is shorter than FEED_FRESH_TTL " + fresh);
            return Tolerance.of(fresh, fresh); // start-up fails on the problem; this only lets reading go on
        }
        return Tolerance.of(fresh, stale);
    }
}
