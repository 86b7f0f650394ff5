package tme.scraper.testing;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fake's misbehaviour settings, changeable while it serves. Each knob is set for a request URI
 * ({@code /s/durov?before=490}), a path ({@code /s/durov}) or {@link #EVERYWHERE}; a request takes the
 * most specific one. Concurrent maps and volatiles: tests write from their thread, event loops read.
 */
final class Knobs {

    static final String EVERYWHERE = "*";

    private final Map<String, Duration> delays = new ConcurrentHashMap<>();
    private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
    private final Set<String> hangs = ConcurrentHashMap.newKeySet();
    private final Map<String, Reply> throttles = new ConcurrentHashMap<>();
    private final Map<String, Reply> routes = new ConcurrentHashMap<>();

    volatile boolean gzip;
    volatile boolean contactPageForUnknown;
    volatile int morePageSize = 20;
    /** Pages a test serves as a channel's {@code /s/} page (lower-case name), before any recording. */
    final java.util.Map<String, String> pages = new java.util.concurrent.ConcurrentHashMap<>();
    /** Histories a test serves for a channel's "more" answers (lower-case name), before any recording. */
    final Map<String, ChannelHistory> histories = new ConcurrentHashMap<>();
    /** Matching posts per search page ({@code ?q=}); t.me shows about 20. */
    volatile int searchPageSize = 20;
    /** The recorded channel every channel without a recording is served as; null: none (t.me's redirect). */
    volatile String anyChannelAs;
    /** Posts the test published since the recording ({@link FakeTme#publish}). */
    final Publications published = new Publications();
    /** Posts the test edited or deleted since ({@link FakeTme#edit}, {@link FakeTme#delete}). */
    final Revisions revisions = new Revisions();
    /** Where the pages' CDN URLs point ({@link FakeCdn}'s base URL); null: as recorded. */
    volatile String mediaBase;
    /** The generation of the CDN links the pages carry; a reissue makes the next one. */
    volatile int mediaGeneration;

    void delay(String where, Duration delay) {
        delays.put(where, delay);
    }

    void status(String where, int status) {
        statuses.put(where, status);
    }

    void hang(String where) {
        hangs.add(where);
    }

    void throttle(String where, Reply reply) {
        throttles.put(where, reply);
    }

    void route(String where, Reply reply) {
        routes.put(where, reply);
    }

    Duration delay(String uri, String path) {
        Duration delay = find(delays, uri, path);
        return delay == null ? Duration.ZERO : delay;
    }

    boolean hangs(String uri, String path) {
        return hangs.contains(uri) || hangs.contains(path) || hangs.contains(EVERYWHERE);
    }

    /** A reply that replaces the recorded page: a custom route, else a 429, else a forced status. */
    Optional<Reply> override(String uri, String path) {
        Reply custom = find(routes, uri, path);
        if (custom != null) {
            return Optional.of(custom);
        }
        Reply throttled = find(throttles, uri, path);
        if (throttled != null) {
            return Optional.of(throttled);
        }
        Integer status = find(statuses, uri, path);
        return Optional.ofNullable(status).map(s -> Reply.text(s, "fake t.me forced status " + s));
    }

    void clear() {
        published.clear();
        revisions.clear();
        delays.clear();
        statuses.clear();
        hangs.clear();
        throttles.clear();
        routes.clear();
        gzip = false;
        contactPageForUnknown = false;
        mediaBase = null;
        mediaGeneration = 0;
        morePageSize = 20;
        searchPageSize = 20;
        pages.clear();
        histories.clear();
        anyChannelAs = null;
    }

    /** t.me's own 429: plain text, with {@code Retry-After: retryAfter} unless it is null. */
    static Reply throttledWithHeader(String retryAfter) {
        Map<String, String> headers = retryAfter == null
                ? Map.of("content-type", "text/plain; charset=utf-8")
                : Map.of("content-type", "text/plain; charset=utf-8", "retry-after", retryAfter);
        return new Reply(429, headers, "Too Many Requests");
    }

    /** A Bot-API style 429: the wait in the JSON body, no header. */
    static Reply throttledWithJson(int seconds) {
        return new Reply(429, Map.of("content-type", "application/json"), "{\"ok\":false,\"error_code\":429,"
                + "\"description\":\"Too Many Requests: retry after " + seconds + "\","
                + "\"parameters\":{\"retry_after\":" + seconds + "}}");
    }

    private static <V> V find(Map<String, V> map, String uri, String path) {
        V value = map.get(uri);
        if (value == null) {
            value = map.get(path);
        }
        return value == null ? map.get(EVERYWHERE) : value;
    }
}
