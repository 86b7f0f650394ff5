package tme.scraper.fetch;

import java.util.concurrent.atomic.LongAdder;

/** Counts requests and their outcomes; LongAdders because every event loop bumps them at once. */
final class OutcomeCounters {

    private final LongAdder requests = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final LongAdder notFound = new LongAdder();
    private final LongAdder throttled = new LongAdder();
    private final LongAdder intercepted = new LongAdder();
    // Of the intercepted answers, the 429s: a proxy's rate limit, told apart from t.me's own (throttled).
    private final LongAdder interceptedThrottled = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder timedOut = new LongAdder();

    void sent() {
        requests.increment();
    }

    void count(Upstream outcome) {
        LongAdder counter = switch (outcome) {
            case Upstream.Ok o -> ok;
            case Upstream.NotFound n -> notFound;
            case Upstream.Throttled t -> throttled;
            case Upstream.Intercepted i -> {
                if (i.status() == 429) {
                    interceptedThrottled.increment();
                }
                yield intercepted;
            }
            case Upstream.Failed f -> failed;
            case Upstream.TimedOut t -> timedOut;
        };
        counter.increment();
    }

    TmeClient.Stats snapshot() {
        return new TmeClient.Stats(requests.sum(), ok.sum(), notFound.sum(), throttled.sum(), failed.sum(),
                timedOut.sum(), intercepted.sum(), interceptedThrottled.sum());
    }
}
