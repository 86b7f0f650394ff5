package tme.api.service;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.function.Supplier;
import tme.coalescing.Timings;
import tme.scraper.fetch.Upstream;

/**
 * The stopwatch of one page load, for the {@code Server-Timing} of the answers that waited for it: {@code gate}
 * (waiting for a slot and a budget token), {@code upstream} (the t.me request, from sending to the whole answer),
 * {@code parse} (decoding and parsing the page, on the worker pool) and, added by {@link ChannelService},
 * {@code render} (rendering and compressing the answer). Real time ({@link System#nanoTime()}), not the injected
 * clock: these are durations of work, not points on the cache's timeline.
 */
final class LoadSteps {

    static final String GATE = "gate";
    static final String UPSTREAM = "upstream";
    static final String PARSE = "parse";
    static final String RENDER = "render";

    private final long began = System.nanoTime();
    // Set when the gate lets the request go and when t.me has answered (0: not yet); read after the load's future
    // chain has passed them, possibly on a worker thread.
    private volatile long sent;
    private volatile long answered;

    /** {@code fetch}, noting when it is sent and when it is answered. */
    Supplier<Future<Upstream>> timing(Supplier<Future<Upstream>> fetch) {
        return () -> {
            sent = System.nanoTime();
            return fetch.get().andThen(done -> answered = System.nanoTime());
        };
    }

    /** Runs {@code parse} (on the worker pool) and answers its outcome with every step so far and its own. */
    <T> Outcome<T> parsed(Supplier<Outcome<T>> parse) {
        long parsing = System.nanoTime();
        Outcome<T> outcome = parse.get();
        return outcome.timed(sofar().and(PARSE, since(parsing)));
    }

    /** The gate's wait and, if the request was sent, t.me's answer. */
    Timings sofar() {
        long sentAt = sent;
        long answeredAt = answered;
        if (sentAt == 0) {
            return Timings.NONE.and(GATE, since(began));
        }
        Timings gate = Timings.NONE.and(GATE, Duration.ofNanos(sentAt - began));
        return gate.and(UPSTREAM, answeredAt == 0 ? since(sentAt) : Duration.ofNanos(answeredAt - sentAt));
    }

    static Duration since(long nanoTime) {
        return Duration.ofNanos(System.nanoTime() - nanoTime);
    }
}
