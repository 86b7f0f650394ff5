package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import tme.api.service.FeedRequest;

/**
 * Feed requests worked out once. Reading a feed's URL (its channels checked, the limit, the depth, the filters'
 * terms) was a third of what a reader feed's hit cost more than a {@code /v1/body} hit: timed inside the server
 * between other requests, as a server under a mix meets them, 60-95 µs of the ~250 µs more (docs/performance.md,
 * section 17). What a feed request resolves to depends only on its route, its URI, its origin and its
 * {@code Accept} header, and a reader asks the same URL every few minutes: the same request again gets the same
 * resolution from here. Only requests that resolved to a feed are kept (a bad one throws, a redirect resolves to
 * nothing), at most {@link #MAX} of them (every feed a fleet of readers polls, most recently asked first).
 */
final class ResolvedFeeds {

    /** How many resolutions are kept. */
    static final int MAX = 4096;

    /**
     * What a feed request resolved to: the service's input, its content type, and the headers it answers with
     * besides the answer's own: {@code Vary: Accept} where {@code Accept} chose the format, and the options it
     * ignored ({@link FeedUrls#IGNORED}), or null.
     */
    record Resolved(FeedRequest request, CharSequence contentType, boolean varyAccept, String ignored) {}

    private final Cache<String, Resolved> resolved = Caffeine.newBuilder()
            .executor(Runnable::run) // upkeep on the loop that asked: nothing to hand to another thread
            .maximumSize(MAX)
            .build();
    private final LongAdder workedOut = new LongAdder();

    /**
     * The resolution of a request of {@code route} at {@code uri} (path and query as sent), from {@code origin},
     * with {@code accept} (null: none), worked out by {@code resolve} the first time. {@code resolve} throws for a
     * bad request (nothing kept) and gives null for a request it answered itself (a redirect: nothing kept either).
     */
    Resolved of(String route, String uri, String origin, String accept, Supplier<Resolved> resolve) {
        String key = route + '\n' + origin + '\n' + (accept == null ? "" : accept) + '\n' + uri;
        return resolved.get(key, ignored -> {
            workedOut.increment();
            return resolve.get();
        });
    }

    /** How many requests were worked out rather than found here ({@code http.feeds.resolved}). */
    long workedOut() {
        return workedOut.sum();
    }
}
