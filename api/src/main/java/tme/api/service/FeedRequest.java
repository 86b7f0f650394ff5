package tme.api.service;

import java.util.List;
import java.util.stream.Collectors;
import tme.api.feed.FeedFilter;
import tme.api.problem.InvalidInput;

/**
 * One feed as asked for, normalised: the same set of channels in any order or case, the same limit and format,
 * is the same request, one cache entry and one build. The channels are 1 to 100 valid names (counted before
 * duplicates are removed, as {@code /v1/previews} counts them), lower-cased, deduplicated and sorted.
 *
 * @param channels the channels, distinct and sorted
 * @param limit    how many posts at most (1..{@value #MAX_LIMIT}, default {@value #DEFAULT_LIMIT})
 * @param format   the JSON answer or a reader format
 * @param origin   {@code scheme://host} the request came to, for a reader feed's own URL; empty for JSON, whose
 *                 bytes never name it (so every host shares one JSON entry)
 * @param filter   what the reader keeps of the ranked posts ({@link FeedFilter#NONE}: everything), normalised
 * @param pages    how many of each channel's pages: its latest and {@code pages - 1} before it (1..{@code FEED_MAX_PAGES})
 */
public record FeedRequest(List<ChannelName> channels, int limit, FeedFormat format, String origin, FeedFilter filter,
                          int pages) {

    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 500;
    /** The most {@code FEED_MAX_PAGES} may allow: a cold feed of 100 channels that deep is 2,000 t.me requests. */
    public static final int MOST_PAGES = 20;

    public FeedRequest {
        channels = List.copyOf(channels);
        origin = format == FeedFormat.JSON ? "" : origin;
        filter = filter == null ? FeedFilter.NONE : filter;
        if (pages < 1) {
            throw new IllegalArgumentException("pages must be at least 1: " + pages);
        }
    }

    /**
     * About how many bytes this request holds (its channels' names, its origin, its filter's terms), to bound the
     * memory of what keeps requests ({@code ResolvedFeeds}, the feed keys) by bytes rather than by count: a request
     * may name 100 channels and many terms.
     */
    public int weight() {
        return 128 + 64 * channels.size() + 2 * (origin.length() + filter.canonical().length());
    }

    /** A feed of each channel's latest page. */
    public FeedRequest(List<ChannelName> channels, int limit, FeedFormat format, String origin, FeedFilter filter) {
        this(channels, limit, format, origin, filter, 1);
    }

    /** An unfiltered feed. */
    public FeedRequest(List<ChannelName> channels, int limit, FeedFormat format, String origin) {
        this(channels, limit, format, origin, FeedFilter.NONE);
    }

    /**
     * The request for {@code names} (JSON strings or query values, validated here: a bad one is a 422 naming
     * {@code channels[i]}), {@code limit} (a JSON number, a query string or null) and {@code format}.
     */
    public static FeedRequest of(List<?> names, Object limit, FeedFormat format, String origin) throws InvalidInput {
        return of(names, limit, format, origin, FeedFilter.NONE);
    }

    /** As {@link #of(List, Object, FeedFormat, String)}, keeping what {@code filter} keeps ({@link FeedFilters}). */
    public static FeedRequest of(List<?> names, Object limit, FeedFormat format, String origin, FeedFilter filter)
            throws InvalidInput {
        List<ChannelName> channels = ChannelNames.parse("channels", names).stream()
                .distinct().sorted(java.util.Comparator.comparing(ChannelName::value)).toList();
        return new FeedRequest(channels, limit(limit), format, origin, filter);
    }

    /**
     * The same request {@code pages} deep ({@code pages}: a JSON number, a query string or null, validated here:
     * absent is 1, a whole number in 1..{@code maxPages} ({@code FEED_MAX_PAGES}), else a 422 naming {@code pages}).
     */
    public FeedRequest deep(Object pages, int maxPages) throws InvalidInput {
        return new FeedRequest(channels, limit, format, origin, filter, pages(pages, maxPages));
    }

    /** {@code pages} as {@link #deep} reads it: absent is 1, else a whole number in 1..{@code maxPages} or 422. */
    public static int pages(Object pages, int maxPages) throws InvalidInput {
        return pages == null ? 1 : whole("pages", pages, maxPages, " (FEED_MAX_PAGES)");
    }

    /** {@code limit}: absent is {@value #DEFAULT_LIMIT}; a whole number in 1..{@value #MAX_LIMIT}, else 422. */
    static int limit(Object raw) throws InvalidInput {
        return raw == null ? DEFAULT_LIMIT : whole("limit", raw, MAX_LIMIT, "");
    }

    /** {@code raw} (an integer or its digits) as a whole number in 1..{@code max}, else a 422 naming {@code parameter}. */
    private static int whole(String parameter, Object raw, int max, String bound) throws InvalidInput {
        String text = raw instanceof Integer || raw instanceof Long ? raw.toString() : raw instanceof String s ? s : null;
        if (Inputs.digits(text)) {
            int value = Integer.parseInt(text);
            if (value >= 1 && value <= max) {
                return value;
            }
        }
        throw Inputs.invalid(parameter, parameter + " must be an integer from 1 to " + max + bound + ": "
                + (raw instanceof String s ? Inputs.quoted(s) : String.valueOf(raw)));
    }

    /** The same request asked at {@code origin} ({@code PUBLIC_URL}, in place of the request's host). */
    FeedRequest at(String origin) {
        return new FeedRequest(channels, limit, format, origin, filter, pages);
    }

    /** The channels' names, in order. */
    public List<String> names() {
        return channels.stream().map(ChannelName::value).toList();
    }

    /** The feed's own URL, in its normal form (what a reader feed's {@code self} link and id say). */
    public String selfUrl() {
        return origin + "/v1/feed?channels=" + String.join(",", names())
                + (limit == DEFAULT_LIMIT ? "" : "&limit=" + limit) + (pages == 1 ? "" : "&pages=" + pages)
                + "&format=" + format.wireName()
                + (filter.none() ? "" : "&" + filter.canonical());
    }

    /**
     * What the cache key says of the request: format and limit as they are, then a digest of the channels (and, for
     * a reader feed, the origin) and of the filter in its canonical form (an unfiltered feed's key is as it always
     * was), so 100 names make a key of fixed length, then the depth when it is more than one page (a feed of latest
     * pages keeps the key it always had). 128 bits of SHA-256: no two requests meet.
     */
    String keyPart() {
        String what = origin + "|" + names().stream().collect(Collectors.joining(","))
                + (filter.none() ? "" : "|" + filter.canonical());
        return format.wireName() + ":" + limit + ":" + channels.size() + ":" + Digests.hex128(what)
                + (pages == 1 ? "" : ":pages" + pages);
    }
}
