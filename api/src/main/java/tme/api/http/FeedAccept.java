package tme.api.http;

import java.util.Locale;
import java.util.Optional;
import tme.api.service.FeedFormat;

/**
 * The feed format an {@code Accept} header prefers, for {@code GET /v1/feed} without {@code format}: a feed reader
 * that asks for {@code application/atom+xml}, {@code application/rss+xml} or {@code application/feed+json} ahead of
 * JSON gets that format; anything else (no header, {@code *}{@code /*}, JSON first) is the JSON answer, as before.
 */
final class FeedAccept {

    private FeedAccept() {}

    /** The reader format {@code accept} prefers over the JSON answer, or empty. */
    static Optional<FeedFormat> readerFormat(String accept) {
        if (accept == null || accept.isBlank()) {
            return Optional.empty();
        }
        FeedFormat best = null;
        double bestWeight = 0;
        for (String range : accept.split(",")) {
            String[] parts = range.split(";");
            FeedFormat format = format(parts[0].trim().toLowerCase(Locale.ROOT));
            double weight = weight(parts);
            if (format != null && weight > bestWeight) {
                best = format;
                bestWeight = weight;
            }
        }
        return best == null || best == FeedFormat.JSON ? Optional.empty() : Optional.of(best);
    }

    private static FeedFormat format(String type) {
        return switch (type) {
            case "application/atom+xml" -> FeedFormat.ATOM;
            case "application/rss+xml" -> FeedFormat.RSS;
            case "application/feed+json" -> FeedFormat.JSON_FEED;
            case "application/json" -> FeedFormat.JSON;
            default -> null;
        };
    }

    /** The range's {@code q} (1 when absent, 0 when unreadable: a range nobody can weigh is not preferred). */
    private static double weight(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2));
                } catch (NumberFormatException unreadable) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
