package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import tme.api.service.FeedRequest;

/**
 * Feed requests worked out once. Reading a feed's URL (its channels checked, the limit, the depth, the filters'
 * terms) was a third of what a reader feed's hit cost more than a {@code /v1/body} hit: timed inside the server
 * between other requests, as a server under a mix meets them, 60-95 µs of the ~250 µs more (docs/performance.md,
 * section 17). What a feed request resolves to depends only on its route, its URI, its origin and its
 * {@code Accept} header, and a reader asks the same URL every few minutes: the same request again gets the same
 * resolution from here, and is answered ahead of the router ({@link HitsAhead}), whose walk was another third of that
 * difference. Only requests that resolved to a feed are kept (a bad one throws: nothing kept), in at most
 * {@link #MAX_BYTES} (Caffeine's bound, by each entry's key and request: the ones asked often and lately stay; any
 * URL a client sends may make a key, so the bound is on bytes, not on entries).
 */
final class ResolvedFeeds {

    /** The most the resolutions kept hold, about (bytes). */
    static final long MAX_BYTES = 2L << 20;
    private static final CharSequence FORWARDED_PROTO = HttpHeaders.createOptimized("X-Forwarded-Proto");

    /**
     * What a feed request resolved to: the service's input, its content type, the headers it answers with besides
     * the answer's own ({@code Vary: Accept} where {@code Accept} chose the format, the options it ignored
     * ({@link FeedUrls#IGNORED}) or null), and the template of the route that resolved it (the request's timing).
     */
    record Resolved(FeedRequest request, CharSequence contentType, boolean varyAccept, String ignored, String route) {}

    private final Cache<String, Resolved> resolved = Caffeine.newBuilder()
            .executor(Runnable::run) // upkeep on the loop that asked: nothing to hand to another thread
            .maximumWeight(MAX_BYTES)
            .weigher((String key, Resolved feed) -> 2 * key.length() + feed.request().weight())
            .build();
    private final LongAdder workedOut = new LongAdder();

    /** The resolution of {@code request}, worked out by {@code resolve} the first time; a bad request throws. */
    Resolved of(HttpServerRequest request, Supplier<Resolved> resolve) {
        return resolved.get(key(request), ignored -> {
            workedOut.increment();
            return resolve.get();
        });
    }

    /** The resolution of {@code request} if one was worked out before, else null ({@link HitsAhead}). */
    Resolved before(HttpServerRequest request) {
        return resolved.estimatedSize() == 0 ? null : resolved.getIfPresent(key(request));
    }

    /** How many requests were worked out rather than found here ({@code http.feeds.resolved}). */
    long workedOut() {
        return workedOut.sum();
    }

    /**
     * What a resolution depends on: the path and query as sent (which name the route too), {@code Accept}, and what
     * the request's origin is made of ({@link tme.api.query.FeedQuery#origin}) as it came, not checked: a finer key
     * than the origin itself, never a coarser one.
     */
    private static String key(HttpServerRequest request) {
        return request.uri() + '\n' + request.getHeader(HttpHeaders.ACCEPT) + '\n'
                + request.getHeader(FORWARDED_PROTO) + '\n' + request.scheme() + '\n' + request.authority();
    }
}
