package tme.api.http;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * RSSHub's {@code /telegram/channel/:username/:routeParams} options read as our feed's parameters, so a reader
 * switches over by changing the host: {@code includeFwd}, {@code includeReply} and {@code includeServiceMsg} are our
 * {@code forwards}, {@code replies} and {@code service} filters, {@code searchQuery} our {@code include} words (matched
 * in the posts the feed holds, not t.me's whole history). Presentation options ({@code show*}) and anything else we do
 * not do are listed in {@link #ignored()}, which the answer names in a header rather than dropping them in silence.
 */
final class RssHubOptions {

    /** RSSHub's own test: route parameters naming none of its keys are, for compatibility, one search query. */
    private static final Pattern KEYED = Pattern.compile("(^|&)(show(LinkPreview|ViaBot|ReplyTo|FwdFrom(Author)?"
            + "|InlineButtons|MediaTag(InTitle|AsEmoji)|HashtagAsHyperlink)|include(Fwd|Reply|(Service|Unsupported)Msg)"
            + "|searchQuery)=");
    private static final Map<String, String> FILTERS = Map.of("includeFwd", "forwards", "includeReply", "replies",
            "includeServiceMsg", "service");
    /** What {@code includeUnsupportedMsg} can say that we already do: keep posts t.me cannot show. */
    private static final Set<String> KEEP = Set.of("1", "true");

    /** RSSHub's query parameters we read; any other is named as ignored (its filters by regex among them). */
    static final List<String> READ_QUERY = List.of("format", "limit", "pages");

    private final Map<String, Object> parameters = new LinkedHashMap<>();
    private final List<String> ignored = new ArrayList<>();

    private RssHubOptions() {}

    /** {@code routeParams} as RSSHub reads it (null: none). */
    static RssHubOptions of(String routeParams) {
        RssHubOptions options = new RssHubOptions();
        if (routeParams == null || routeParams.isEmpty()) {
            return options;
        }
        if (!KEYED.matcher(routeParams).find()) {
            options.parameters.put("include", routeParams);
            return options;
        }
        new QueryStringDecoder(routeParams, false).parameters().forEach((key, values) -> options.read(key,
                values.getLast()));
        return options;
    }

    private void read(String key, String value) {
        if (FILTERS.containsKey(key)) {
            parameters.put(FILTERS.get(key), bool(value));
        } else if (key.equals("searchQuery")) {
            parameters.put("include", value);
        } else if (!(key.equals("includeUnsupportedMsg") && KEEP.contains(value))) {
            ignored.add(key);
        }
    }

    /** RSSHub's booleans: {@code 0}/{@code 1}/{@code true}/{@code false}; anything else is passed on to be refused. */
    private static String bool(String value) {
        return switch (value) {
            case "1", "true" -> "true";
            case "0", "false" -> "false";
            default -> value;
        };
    }

    /** Our feed parameter {@code name}'s value from these options, or null. */
    Object parameter(String name) {
        return parameters.get(name);
    }

    /** Our feed parameters these options give, in the order given. */
    Map<String, Object> parameters() {
        return java.util.Collections.unmodifiableMap(parameters);
    }

    /** The options given that we do not do, in the order given. */
    List<String> ignored() {
        return ignored;
    }

    /**
     * The options given that we do not do, then the query parameters of the URL that are not RSSHub's we read
     * ({@code format}, {@code limit}, {@code pages}), sorted: what the answer's {@code X-Ignored-Options} names.
     */
    List<String> ignoredWith(java.util.Collection<String> queryNames) {
        List<String> all = new ArrayList<>(ignored);
        queryNames.stream().filter(name -> !READ_QUERY.contains(name)).sorted().forEach(all::add);
        return all;
    }
}
