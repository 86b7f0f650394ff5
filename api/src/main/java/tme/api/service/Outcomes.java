package tme.api.service;

import java.time.Duration;
import tme.scraper.fetch.Upstream;
import tme.scraper.parse.Parsed;

/**
 * The one place where upstream and parser outcomes become {@link Outcome}s: which problem, whether it is a
 * cacheable "not found", and whether other processes should share it.
 */
final class Outcomes {

    private static final System.Logger LOG = System.getLogger(Outcomes.class.getName());

    private Outcomes() {}

    /** The failed outcome for any upstream result other than {@link Upstream.Ok}. */
    static <T> Outcome<T> upstream(Upstream result, String channel, ScrapeStats stats) {
        return switch (result) {
            case Upstream.NotFound ignored -> Outcome.notFound(Problem.channelNotFound(channel));
            // Throttling, timeouts and transport errors may be this server's alone: another process should still try.
            case Upstream.Throttled t ->
                    Outcome.fail(Problem.upstreamThrottled(t.retryAfter().orElse(Duration.ofSeconds(5))), false);
            case Upstream.Intercepted i ->
                    Outcome.fail(Problem.upstreamFailed("t.me could not be reached: " + i.reason()), false);
            case Upstream.TimedOut t -> Outcome.fail(Problem.upstreamTimeout(t.after()), false);
            case Upstream.Failed f when f.status() == 0 ->
                    Outcome.fail(Problem.upstreamFailed("Could not reach t.me: " + f.reason()), false);
            // A 2xx/3xx we cannot use (an odd redirect, an undecodable "more" answer) is a surprise, not an outage.
            case Upstream.Failed f when f.status() < 400 -> anomaly(f.reason(), channel, stats);
            case Upstream.Failed f -> Outcome.fail(Problem.upstreamFailed("t.me answered with status " + f.status()), true);
            case Upstream.Ok ignored -> throw new IllegalArgumentException("Ok is not a failure");
        };
    }

    /** A parsed page as an outcome; anomalies are logged and counted, never cached. */
    static <T> Outcome<T> parsed(Parsed<T> parsed, String channel, ScrapeStats stats) {
        return switch (parsed) {
            case Parsed.Ok<T> ok -> {
                stats.parsed(ok.oddPosts());
                yield Outcome.ok(ok.value());
            }
            case Parsed.NotFound<T> ignored -> Outcome.notFound(Problem.channelNotFound(channel));
            case Parsed.Anomaly<T> anomaly -> anomaly(anomaly.reason(), channel, stats);
        };
    }

    /** Logged and counted, so a t.me markup change shows up before users report it; shared, never cached. */
    private static <T> Outcome<T> anomaly(String reason, String channel, ScrapeStats stats) {
        stats.anomaly();
        LOG.log(System.Logger.Level.WARNING, "Upstream anomaly for @{0}: {1}", channel, reason);
        return Outcome.fail(Problem.upstreamAnomaly("t.me sent a page we could not read: " + reason), true);
    }
}
