package tme.api.query;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tme.api.service.FeedFormat;

/** What a {@code GET /v1/feed} carries beside its parameters: its names as a list, where it was asked, its type. */
public final class FeedQuery {

    /** A host name or address and an optional port: anything else in {@code Host} never reaches a feed's URL. */
    private static final Pattern AUTHORITY = Pattern.compile("^[A-Za-z0-9.\\-]+(:[0-9]{1,5})?$|^\\[[0-9A-Fa-f:.]+\\](:[0-9]{1,5})?$");
    private static final Map<FeedFormat, CharSequence> TYPES = types();

    private FeedQuery() {}

    /** {@code channels=a,b,c} (or the parameter repeated): every comma-separated name, empty values skipped. */
    public static List<String> names(List<String> values) {
        List<String> names = new ArrayList<>();
        for (String value : values) {
            if (value.isBlank()) {
                continue;
            }
            for (String name : value.split(",", -1)) {
                names.add(name);
            }
        }
        return names;
    }

    /**
     * {@code scheme://host[:port]} the client asked (behind Cloudflare, {@code X-Forwarded-Proto} says https): the
     * start of a reader feed's own URL, which a feed reader follows and shows.
     */
    public static String origin(HttpServerRequest request) {
        String forwarded = request.getHeader("X-Forwarded-Proto");
        String scheme = "https".equals(forwarded) || "http".equals(forwarded) ? forwarded : request.scheme();
        HostAndPort authority = request.authority();
        String host = authority == null ? null : authority.toString();
        return scheme + "://" + (host != null && AUTHORITY.matcher(host).matches() ? host : "localhost");
    }

    /**
     * A filter parameter's value for {@code FeedFilters}: absent (null), the one value, or every value of a repeated
     * query parameter; a JSON array as its list, any other JSON value as it is.
     */
    public static Object value(Object raw) {
        return switch (raw) {
            case null -> null;
            case List<?> values when values.isEmpty() -> null;
            case List<?> values when values.size() == 1 -> values.getFirst();
            case io.vertx.core.json.JsonArray array -> array.getList();
            default -> raw;
        };
    }

    public static CharSequence contentType(FeedFormat format) {
        return TYPES.get(format);
    }

    private static Map<FeedFormat, CharSequence> types() {
        Map<FeedFormat, CharSequence> types = new EnumMap<>(FeedFormat.class);
        for (FeedFormat format : FeedFormat.values()) {
            types.put(format, HttpHeaders.createOptimized(format.contentType()));
        }
        return types;
    }
}
