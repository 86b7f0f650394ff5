package tme.api.service;

import tme.coalescing.gate.Signal;
import tme.scraper.fetch.Upstream;

/** What each t.me answer tells the upstream gate: the one place that reads t.me's mood from its answers. */
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
}
