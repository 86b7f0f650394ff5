package tme.api.http;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tme.api.problem.InvalidInput;
import tme.api.query.FeedQuery;
import tme.api.service.ChannelName;

/**
 * The Telegram channels a feed URL from another tool is about, so an OPML file of them can be moved here: RSSHub's
 * {@code .../telegram/channel/<name>[/...]}, RSS-Bridge's {@code ?action=display&bridge=Telegram...&username=<name>},
 * a t.me link ({@code https://t.me/s/<name>}), and our own {@code /feeds/<a>+<b>.atom} and
 * {@code /v1/feed?channels=a,b}. Any host: a self-hosted RSSHub is as common as rsshub.app.
 */
final class FeedSources {

    private static final Pattern RSSHUB = Pattern.compile("/telegram/channel/([^/?#]+)");
    private static final Pattern OURS = Pattern.compile("/feeds/([^/?#]+)\\.(atom|rss|json)$");

    private FeedSources() {}

    /** The channels {@code url} is a feed or page of, or empty when it is none we know. */
    static Optional<List<ChannelName>> channels(String url) {
        if (url == null || url.isBlank()) {
            return Optional.empty();
        }
        URI uri;
        try {
            uri = URI.create(url.trim());
        } catch (IllegalArgumentException notAUri) {
            return Optional.empty();
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        Map<String, List<String>> query = new QueryStringDecoder(uri.getRawQuery() == null ? ""
                : uri.getRawQuery(), false).parameters();
        return rssHub(path).or(() -> rssBridge(query)).or(() -> ours(path, query)).or(() -> named(url.trim()));
    }

    private static Optional<List<ChannelName>> rssHub(String path) {
        Matcher m = RSSHUB.matcher(path);
        return m.find() ? names(List.of(m.group(1))) : Optional.empty();
    }

    /** RSS-Bridge's Telegram bridge names the channel in {@code username} (with or without {@code @}). */
    private static Optional<List<ChannelName>> rssBridge(Map<String, List<String>> query) {
        List<String> bridge = query.getOrDefault("bridge", List.of());
        List<String> user = query.getOrDefault("username", List.of());
        return !bridge.isEmpty() && bridge.getFirst().toLowerCase(java.util.Locale.ROOT).startsWith("telegram")
                && !user.isEmpty() ? names(List.of(user.getFirst())) : Optional.empty();
    }

    private static Optional<List<ChannelName>> ours(String path, Map<String, List<String>> query) {
        Matcher file = OURS.matcher(path);
        if (file.find()) {
            return names(List.of(file.group(1).split("\\+", -1)));
        }
        if (path.endsWith("/v1/feed") && query.containsKey("channels")) {
            return names(FeedQuery.names(query.get("channels")));
        }
        return Optional.empty();
    }

    /** A t.me link (or a name written as people write one). */
    private static Optional<List<ChannelName>> named(String text) {
        return text.contains("t.me/") || text.contains("telegram.me/") ? names(List.of(text)) : Optional.empty();
    }

    private static Optional<List<ChannelName>> names(List<String> raw) {
        try {
            return Optional.of(raw.stream().map(name -> ChannelName.parse("channel", decoded(name))).distinct()
                    .toList());
        } catch (InvalidInput notANameWeKnow) {
            return Optional.empty();
        }
    }

    private static String decoded(String raw) {
        return QueryStringDecoder.decodeComponent(raw);
    }
}
