package tme.api.service;

import java.util.Optional;
import java.util.function.Predicate;
import tme.coalescing.LoadContext;
import tme.coalescing.gate.Signal;
import tme.scraper.fetch.Upstream;
import tme.scraper.parse.Parsed;

/**
 * What each t.me answer tells the upstream gate: the one place that reads t.me's mood from its answers, first from
 * its status ({@link #of}), then from the page once parsed ({@link #read}): t.me throttles in disguise too.
 */
final class Signals {

    private Signals() {}

    static Signal of(Upstream answer) {
        return switch (answer) {
            // "Not found" is an answer like any other: t.me was willing to talk.
            case Upstream.Ok ok -> Signal.ok();
            case Upstream.NotFound notFound -> Signal.ok();
            case Upstream.Throttled throttled -> Signal.throttled(throttled.retryAfter());
            case Upstream.Intercepted intercepted -> Signal.intercepted(intercepted.retryAfter());
            case Upstream.Failed failed -> Signal.failed();
            case Upstream.TimedOut timedOut -> Signal.failed();
        };
    }

    /**
     * What a parsed page tells the gate, if anything. Throttling in disguise: a captcha or a bot check
     * ({@link Signal#captcha()}); a page with no posts for a channel whose last good copy had some, blank, without
     * t.me's "No posts found", or a plain empty list ({@link Signal#emptied()}). A page with posts, or a preview, is
     * real content ({@link Signal#confirmed()}). Anything else (a markup change, a cut-off answer, a truly empty
     * channel, "not found") says nothing of our rate.
     *
     * @param noPosts whether a parsed page shows no posts at all (never for a preview)
     */
    static <T> Optional<Signal> read(Parsed<T> parsed, Predicate<T> noPosts, LoadContext load) {
        boolean hadPosts = ChannelService.hadPosts(load);
        return switch (parsed) {
            case Parsed.Ok<T> ok when !noPosts.test(ok.value()) -> Optional.of(Signal.confirmed());
            case Parsed.Ok<T> ok -> hadPosts ? Optional.of(Signal.emptied()) : Optional.empty();
            case Parsed.NotFound<T> notFound -> Optional.empty();
            case Parsed.Anomaly<T> anomaly -> switch (anomaly.kind()) {
                case CAPTCHA, CHALLENGE -> Optional.of(Signal.captcha());
                case EMPTY_PAGE, NO_POSTS_UNEXPLAINED -> hadPosts ? Optional.of(Signal.emptied()) : Optional.empty();
                default -> Optional.empty();
            };
        };
    }
}
