package tme.api.service;

import java.util.function.Function;
import tme.scraper.fetch.Upstream;
import tme.scraper.parse.Parsed;

/**
 * The one place where upstream and parser outcomes become answers. Only a parsed page becomes JSON;
 * everything else becomes a {@link Problem} with its status.
 */
final class Outcomes {

    private static final System.Logger LOG = System.getLogger(Outcomes.class.getName());

    private Outcomes() {}

    /** The problem for any upstream outcome other than {@link Upstream.Ok}. */
    static Problem problem(Upstream outcome, String channel) {
        return switch (outcome) {
            case Upstream.NotFound ignored -> Problem.channelNotFound(channel);
            case Upstream.Throttled t -> Problem.upstreamThrottled(t.retryAfter());
            case Upstream.TimedOut t -> Problem.upstreamTimeout(t.after());
            case Upstream.Failed f -> Problem.upstreamFailed(f.status() == 0
                    ? "Could not reach t.me: " + f.reason()
                    : "t.me answered with status " + f.status());
            case Upstream.Ok ignored -> throw new IllegalArgumentException("Ok is not a problem");
        };
    }

    /** Renders a parsed page, or names why it could not be parsed (anomalies are logged and counted). */
    static <T> Answer answer(Parsed<T> parsed, String channel, ScrapeStats stats, Function<T, Answer> render) {
        return switch (parsed) {
            case Parsed.Ok<T> ok -> {
                stats.parsed(ok.oddPosts());
                yield render.apply(ok.value());
            }
            case Parsed.NotFound<T> ignored -> Answer.failure(Problem.channelNotFound(channel));
            case Parsed.Anomaly<T> anomaly -> {
                stats.anomaly();
                LOG.log(System.Logger.Level.WARNING, "Upstream anomaly for @{0}: {1}", channel, anomaly.reason());
                yield Answer.failure(Problem.upstreamAnomaly("t.me sent a page we could not read: " + anomaly.reason()));
            }
        };
    }
}
