package tme.api.http;

import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.QueryStringEncoder;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tme.api.problem.InvalidInput;
import tme.api.query.FeedQuery;
import tme.api.service.ChannelName;
import tme.api.service.FeedFormat;

/**
 * The Telegram channels a feed URL from another tool is about, with the feed it asked for, so an OPML file of them can
 * be moved here and each reader keeps the feed it had: RSSHub's {@code .../telegram/channel/<name>[/<routeParams>]}
 * (its options as {@link RssHubOptions} reads them, its {@code ?format=}, RSS by default as RSSHub),
 * RSS-Bridge's {@code ?action=display&bridge=Telegram...&username=<name>&format=Atom|Json|Mrss}, a t.me link
 * ({@code https://t.me/s/<name>}: no format of its own), and our own {@code /feeds/<a>+<b>.atom} and
 * {@code /v1/feed?channels=a,b} (their feed parameters kept). Any host: a self-hosted RSSHub is as common as rsshub.app.
 */
final class FeedSources {

    private static final Pattern RSSHUB = Pattern.compile("/telegram/channel/([^/?#]+)(?:/([^?#]+))?");
    /** Our feed file, {@code /feeds/<a>+<b>.<extension>}: one of ours when {@link FeedFormat#byExtension} knows it. */
    private static final Pattern OURS = Pattern.compile("/feeds/([^/?#]+)\\.([a-z]+)$");
    /** RSS-Bridge's formats (its {@code format=}, any case) as ours: Mrss is RSS 2.0 with media. */
    private static final Map<String, FeedFormat> BRIDGE_FORMATS = Map.of("atom", FeedFormat.ATOM,
            "mrss", FeedFormat.RSS, "json", FeedFormat.JSON_FEED);

    /**
     * What a feed URL from elsewhere asked for, in our terms.
     *
     * @param channels  the channels it is a feed or page of
     * @param extension its format as our feed file's extension ({@code atom}, {@code rss}, {@code json}), or null
     *                  where it names none (a t.me link)
     * @param query     our feed parameters that give the same feed ({@code forwards=false&include=...}), or empty
     * @param ignored   the options it named that we do not do, by name
     */
    record Source(List<ChannelName> channels, String extension, String query, List<String> ignored) {}

    private FeedSources() {}

    /** The channels {@code url} is a feed or page of, or empty when it is none we know. */
    static Optional<List<ChannelName>> channels(String url) {
        return source(url).map(Source::channels);
    }

    /** The feed {@code url} is, in our terms, or empty when it is none we know. */
    static Optional<Source> source(String url) {
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
        return rssHub(uri.getPath() == null ? "" : uri.getPath(), query).or(() -> rssBridge(query)).or(() -> ours(path, query))
                .or(() -> named(url.trim()));
    }

    /** RSSHub's route (its path decoded, as RSSHub reads it): its route parameters as our filters, its {@code format} (RSS when it names none). */
    private static Optional<Source> rssHub(String path, Map<String, List<String>> query) {
        Matcher m = RSSHUB.matcher(path);
        if (!m.find()) {
            return Optional.empty();
        }
        RssHubOptions options = RssHubOptions.of(m.group(2));
        List<String> ignored = new ArrayList<>(options.ignoredWith(query.keySet()));
        Map<String, String> ours = new LinkedHashMap<>();
        options.parameters().forEach((name, value) -> ours.put(name, String.valueOf(value)));
        kept(query, List.of("limit", "pages"), ours);
        String extension = format(query, FeedFormat::byExtension, "rss", ignored); // RSSHub's names: our extensions
        return names(List.of(m.group(1))).map(channels -> new Source(channels, extension, encoded(ours), ignored));
    }

    /** RSS-Bridge's Telegram bridge names the channel in {@code username} (with or without {@code @}). */
    private static Optional<Source> rssBridge(Map<String, List<String>> query) {
        List<String> bridge = query.getOrDefault("bridge", List.of());
        List<String> user = query.getOrDefault("username", List.of());
        if (bridge.isEmpty() || !bridge.getFirst().toLowerCase(Locale.ROOT).startsWith("telegram") || user.isEmpty()) {
            return Optional.empty();
        }
        List<String> ignored = new ArrayList<>();
        String extension = format(query, name -> BRIDGE_FORMATS.get(name.toLowerCase(Locale.ROOT)), null, ignored);
        return names(List.of(user.getFirst())).map(channels -> new Source(channels, extension, "", ignored));
    }

    /** Our own feed URLs, at any host: their format and feed parameters kept. */
    private static Optional<Source> ours(String path, Map<String, List<String>> query) {
        Map<String, String> kept = new LinkedHashMap<>();
        kept(query, FeedBody.PARAMETERS, kept);
        Matcher file = OURS.matcher(path);
        if (file.find() && FeedFormat.byExtension(file.group(2)) != null) {
            return names(List.of(file.group(1).split("\\+", -1)))
                    .map(channels -> new Source(channels, file.group(2), encoded(kept), List.of()));
        }
        if (path.endsWith("/v1/feed") && query.containsKey("channels")) {
            List<String> ignored = new ArrayList<>();
            // format=json is the JSON answer, no reader's format: such a feed gets the import's default
            String extension = format(query, FeedFormat::byWireName, null, ignored);
            return names(FeedQuery.names(query.get("channels")))
                    .map(channels -> new Source(channels, extension, encoded(kept), ignored));
        }
        return Optional.empty();
    }

    /**
     * The extension of the reader format {@code query}'s {@code format} names ({@code byName}), {@code otherwise} when
     * it names none; a name we do not know (or the JSON answer) is {@code otherwise}, and an unknown one is added to
     * {@code ignored} as {@code format=<name>}, so the import says what it did not keep.
     */
    private static String format(Map<String, List<String>> query, Function<String, FeedFormat> byName,
                                 String otherwise, List<String> ignored) {
        List<String> asked = query.getOrDefault("format", List.of());
        if (asked.isEmpty()) {
            return otherwise;
        }
        FeedFormat format = byName.apply(asked.getLast());
        if (format == null) {
            ignored.add("format=" + asked.getLast());
        }
        return format == null || format.extension() == null ? otherwise : format.extension();
    }

    /** A t.me link (or a name written as people write one). */
    private static Optional<Source> named(String text) {
        return text.contains("t.me/") || text.contains("telegram.me/")
                ? names(List.of(text)).map(channels -> new Source(channels, null, "", List.of())) : Optional.empty();
    }

    /** The last value of each of {@code names} that {@code query} has, into {@code into}. */
    private static void kept(Map<String, List<String>> query, java.util.Collection<String> names,
                             Map<String, String> into) {
        names.stream().sorted().filter(query::containsKey).forEach(name -> into.put(name, query.get(name).getLast()));
    }

    /** {@code a=1&b=x%20y}, in the order given. */
    private static String encoded(Map<String, String> parameters) {
        QueryStringEncoder encoder = new QueryStringEncoder("");
        parameters.forEach(encoder::addParam);
        String query = encoder.toString();
        return query.startsWith("?") ? query.substring(1) : query;
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
