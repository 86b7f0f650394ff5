package tme.api.service;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import tme.cache.Encoded;
import tme.cache.Lookup;
import tme.cache.Stored;
import tme.cache.TwoLevelCache;
import tme.coalescing.Loaded;

/**
 * Negative caching per channel: once t.me says a channel does not exist (on any route), one entry says so for
 * {@code CACHE_TTL_NOT_FOUND}, and every route of that channel ({@code /v1/post/x/N} for every N,
 * {@code /v1/more/x/...}, {@code /v1/body/x?position=N}, {@code /v1/preview/x}) answers from it without asking
 * t.me. Only loads consult it, so hits pay nothing; a load's own "not found" entry then expires with it.
 */
public final class MissingChannels {

    private final TwoLevelCache cache;
    private final InstantSource clock;
    private final Duration notFoundFor;
    /** Loads answered from a channel's "not found" entry instead of asking t.me. */
    private final LongAdder answered = new LongAdder();

    public MissingChannels(TwoLevelCache cache, InstantSource clock, Duration notFoundFor) {
        this.cache = cache;
        this.clock = clock;
        this.notFoundFor = notFoundFor;
    }

    /** The channel's "not found" answer as a value to store for another key, if the channel is known missing. */
    Future<Optional<Loaded>> known(String channel) {
        return cache.probe(key(channel)).map(lookup -> {
            if (lookup instanceof Lookup.Hit hit && hit.timeLeft().isPositive()) {
                answered.increment();
                Stored stored = hit.stored();
                Encoded body = new Encoded(stored.payload(), stored.compressed(), stored.rawSize());
                return Optional.of(Loaded.value(body, Answer.KIND_NOT_FOUND, hit.timeLeft()));
            }
            return Optional.empty();
        });
    }

    /** Remembers that {@code channel} does not exist, with the problem a load stored for its own key. */
    void remember(String channel, Loaded.Value notFound) {
        cache.put(key(channel), Stored.of(notFound.body(), Answer.KIND_NOT_FOUND, clock.instant(), notFoundFor));
    }

    Map<String, Long> counters() {
        return Map.of("channels.missing.answered", answered.sum());
    }

    private static String key(String channel) {
        return Keys.missing(channel);
    }
}
