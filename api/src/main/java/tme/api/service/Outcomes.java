package tme.api.service;

import java.time.Duration;
import java.util.Optional;
import tme.api.problem.Problem;
import tme.coalescing.gate.Passage;
import tme.scraper.fetch.Upstream;
import tme.scraper.parse.Anomaly;
import tme.scraper.parse.Parsed;

/**
 * The one place where upstream, gate and parser outcomes become {@link Outcome}s: which problem, whether it is
 * a cacheable "not found", and whether other processes should share it.
 */
final class Outcomes {

    private static final System.Logger LOG = System.getLogger(Outcomes.class.getName());
    /** What a client is told to wait when t.me gave no hint and the gate knows no cooldown. */
    private static final Duration DEFAULT_RETRY = Duration.ofSeconds(1);

    private Outcomes() {}

    /**
     * The failed outcome for any upstream result other than {@link Upstream.Ok}. {@code cooldownLeft} is the
     * gate's pause after this answer, told to clients of a 429 that came without a hint.
     */
    static <T> Outcome<T> upstream(Upstream result, String channel, ScrapeStats stats, Optional<Duration> cooldownLeft) {
        return switch (result) {
            case Upstream.NotFound ignored -> Outcome.notFound(Problem.channelNotFound(channel));
            // Throttling, timeouts and transport errors may be this server's alone: another process should still try.
            case Upstream.Throttled t ->
                    Outcome.fail(Problem.upstreamThrottled(t.retryAfter().or(() -> cooldownLeft).orElse(DEFAULT_RETRY)), false);
            case Upstream.Intercepted i -> Outcome.fail(Problem.upstreamCoolingDown(
                    i.retryAfter().or(() -> cooldownLeft).orElse(DEFAULT_RETRY)), false);
            case Upstream.TimedOut t -> Outcome.fail(Problem.upstreamTimeout(t.after()), false);
            case Upstream.Failed f when f.status() == 0 ->
                    Outcome.fail(Problem.upstreamFailed("Could not reach t.me: " + f.reason()), false);
            // A 2xx/3xx we cannot use (an odd redirect, an undecodable "more" answer) is a surprise, not an outage.
            case Upstream.Failed f when f.status() < 400 -> anomaly(Anomaly.UNKNOWN_PAGE, f.reason(), channel, stats);
            case Upstream.Failed f -> Outcome.fail(Problem.upstreamFailed("t.me answered with status " + f.status()), true);
            case Upstream.Ok ignored -> throw new IllegalArgumentException("Ok is not a failure");
        };
    }

    /** A request the gate did not let through: only this process's callers see it (another may pass). */
    static <T> Outcome<T> refused(Passage.Refused<?> refused) {
        Duration retryAfter = refused.retryAfter();
        return Outcome.fail(switch (refused.why()) {
            case COOLDOWN -> Problem.upstreamCoolingDown(retryAfter);
            case BUDGET -> Problem.upstreamBudgetSpent(retryAfter);
            case QUEUE_FULL, DROPPED -> Problem.overloaded(retryAfter);
            case CLIENT_SHARE -> Problem.clientUpstreamLimited(retryAfter);
        }, false);
    }

    /** A parsed page as an outcome; anomalies are logged and counted, never cached. */
    static <T> Outcome<T> parsed(Parsed<T> parsed, String channel, ScrapeStats stats) {
        return switch (parsed) {
            case Parsed.Ok<T> ok -> {
                stats.parsed(ok);
                yield Outcome.ok(ok.value());
            }
            case Parsed.NotFound<T> ignored -> Outcome.notFound(Problem.channelNotFound(channel));
            case Parsed.Anomaly<T> anomaly -> anomaly(anomaly.kind(), anomaly.detail(), channel, stats);
        };
    }

    /** Logged and counted by kind, so a t.me markup change shows up before users report it; shared, never cached. */
    static <T> Outcome.Fail<T> anomaly(Anomaly kind, String detail, String channel, ScrapeStats stats) {
        stats.anomaly(kind);
        LOG.log(System.Logger.Level.WARNING, "Upstream anomaly for @{0}: {1} ({2})", channel, kind, detail);
        return Outcome.fail(Problem.upstreamAnomaly("t.me sent a page we could not read: " + detail), true);
    }
}
