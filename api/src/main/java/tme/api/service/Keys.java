package tme.api.service;

import tme.scraper.fetch.Direction;
import tme.scraper.parse.ParserMode;

/**
 * Cache keys: lower-case, versioned, and naming the parser mode, so servers running {@code full} and
 * {@code simplified} can share one Redis. A missing position is 0. Channel names arrive lower-cased.
 * Previews do not depend on the parser mode, so every server shares them.
 *
 * <p>No key has a hash tag (channel names have no braces): on a Redis Cluster each is hashed whole, and its lease
 * ({@code tme.coalescing.LeaseKeys}) takes the whole key as its tag, so a claim's two keys share a slot while
 * values spread over all slots. The key families and their tags are listed in {@code docs/caching.md}.
 */
final class Keys {

    private final String prefix;

    Keys(ParserMode mode) {
        this.prefix = "tme:v1:" + mode.name().toLowerCase(java.util.Locale.ROOT) + ":";
    }

    String body(String channel, int position) {
        return prefix + "body:" + channel + ":" + position;
    }

    String post(String channel, int id) {
        return prefix + "post:" + channel + ":" + id;
    }

    String more(String channel, Direction direction, int position) {
        return prefix + "more:" + channel + ":" + direction.query() + ":" + position;
    }

    String preview(String channel) {
        return "tme:v1:preview:" + channel;
    }

    /**
     * A search of a channel: the page before a post ({@code 0}: the newest matches) and a digest of the normalised
     * query ({@link SearchQuery}), which may hold any character, braces and spaces included, so the key stays short,
     * printable and without a hash tag. 128 bits of SHA-256: no two queries meet.
     */
    String search(String channel, SearchQuery query, int before) {
        return prefix + "search:" + channel + ":" + before + ":" + Digests.hex128(query.value());
    }

    /** A built feed: its format, limit and a digest of its channels ({@link FeedRequest#keyPart()}). */
    String feed(FeedRequest request) {
        return prefix + "feed:" + request.keyPart();
    }

    /** The set of the built feeds holding {@code channel} ({@link ChangedAnswers}): dropped when its posts change. */
    String feedsOf(String channel) {
        return prefix + "feedsof:" + channel;
    }

    /**
     * The set of a channel's cached pages other than its latest ({@code ?position=}, {@code /v1/more}, searches): any
     * may hold a post that was edited or deleted, and all are dropped when one is ({@link ChangedAnswers}).
     */
    String pagesOf(String channel) {
        return prefix + "pagesof:" + channel;
    }

    /** The one entry that says a channel does not exist, for every route and parser mode. */
    static String missing(String channel) {
        return "tme:v1:missing:" + channel;
    }
}
