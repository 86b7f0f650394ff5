package tme.api.websub;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import tme.api.query.FeedQuery;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.FeedFormat;
import tme.api.service.FeedRequest;

/**
 * A WebSub topic: one of our reader feeds' URLs ({@code <origin>/v1/feed?channels=...&format=atom|rss|jsonfeed}, with
 * an optional {@code limit} and {@code pages}), at our origin ({@code PUBLIC_URL}, else the one the subscription request came to), its
 * channels valid as everywhere. Known by its normal form ({@link FeedRequest#selfUrl()}, what the feed's
 * {@code rel="self"} says), whatever order or case the subscriber wrote.
 */
final class Topic {

    private Topic() {}

    /**
     * The feed {@code raw} names, at most {@code maxPages} deep ({@code FEED_MAX_PAGES} for a new subscription), or a
     * 422 naming {@code hub.topic}.
     */
    static FeedRequest parse(String raw, String origin, int maxPages) throws InvalidInput {
        if (raw == null || raw.isBlank()) {
            throw refused("hub.topic is required");
        }
        URI url;
        try {
            url = new URI(raw.trim());
        } catch (URISyntaxException e) {
            throw refused("hub.topic is not a URL: " + e.getMessage());
        }
        if (url.getScheme() == null || url.getRawAuthority() == null
                || !origin.equalsIgnoreCase(url.getScheme() + "://" + url.getRawAuthority())) {
            throw refused("hub.topic must be a feed of this service, at " + origin + "/v1/feed?...");
        }
        if (!"/v1/feed".equals(url.getRawPath())) {
            throw refused("hub.topic must be a reader feed: " + origin + "/v1/feed?channels=...&format=atom|rss|jsonfeed");
        }
        Map<String, List<String>> query = new QueryStringDecoder(url).parameters();
        FeedFormat format = FeedFormat.parse("hub.topic", first(query, "format"));
        if (format == FeedFormat.JSON) {
            throw refused("hub.topic must be a reader feed (format=atom, rss or jsonfeed): the JSON answer names no hub");
        }
        List<String> names = FeedQuery.names(query.getOrDefault("channels", List.of()));
        try {
            return FeedRequest.of(names, first(query, "limit"), format, origin).deep(first(query, "pages"), maxPages);
        } catch (InvalidInput invalid) {
            throw refused("hub.topic's feed is not valid: " + invalid.problem().detail());
        }
    }

    private static String first(Map<String, List<String>> query, String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    private static InvalidInput refused(String detail) {
        return new InvalidInput(Problem.invalid("hub.topic", detail));
    }
}
