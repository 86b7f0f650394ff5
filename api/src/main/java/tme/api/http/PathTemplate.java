package tme.api.http;

import java.util.ArrayList;
import java.util.List;

/**
 * A route's path template ({@code /v1/body/:channel}, or {@code /docs*} for every path under {@code /docs}): literal
 * segments and {@code :name} parameters, compared segment by segment with no regular expression and, to name a path,
 * no allocation. The one matcher of the route table ({@link RouteTable}): the dispatch ahead of the router reads a
 * path's values with {@link #match}, everything else asks which template a path is ({@link #covers}).
 */
final class PathTemplate {

    private final String label;      // the template as Vert.x names its route: without the prefix star
    private final boolean prefix;    // a template ending in *: any path under it
    private final String[] segments; // a literal, or null where a parameter stands
    private final String[] names;    // the parameters' names, in order

    private PathTemplate(String label, boolean prefix, String[] segments, String[] names) {
        this.label = label;
        this.prefix = prefix;
        this.segments = segments;
        this.names = names;
    }

    /** {@code template} as the route table writes it; a trailing slash is the same template (Vert.x's rule). */
    static PathTemplate of(String template) {
        boolean prefix = template.endsWith("*");
        String label = prefix ? template.substring(0, template.length() - 1) : template;
        String trimmed = label.substring(1);
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        String[] parts = trimmed.isEmpty() ? new String[0] : trimmed.split("/", -1);
        String[] segments = new String[parts.length];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].startsWith(":")) {
                names.add(parts[i].substring(1));
            } else {
                segments[i] = parts[i];
            }
        }
        return new PathTemplate(label, prefix, segments, names.toArray(String[]::new));
    }

    /** The template as the metrics and the access log name it (Vert.x's {@code Route.getPath()}). */
    String label() {
        return label;
    }

    /**
     * The parameters' values where {@code uri} is one of this template's plainest paths (letters, digits, {@code _},
     * {@code -} and single slashes, no trailing one), else null: anything else (percent-encoding, dot segments, a
     * trailing slash, a query) is the router's to read, so the two can never disagree about what a path means.
     */
    String[] match(String uri) {
        int length = uri.length();
        if (prefix || segments.length == 0 || length < 2 || uri.charAt(0) != '/') {
            return null;
        }
        String[] values = new String[names.length];
        int from = 1;
        int value = 0;
        for (int i = 0; i < segments.length; i++) {
            int to = from;
            while (to < length && plain(uri.charAt(to))) {
                to++;
            }
            boolean last = i == segments.length - 1;
            if (to == from || (last ? to != length : to == length || uri.charAt(to) != '/')) {
                return null;
            }
            if (segments[i] == null) {
                values[value++] = uri.substring(from, to);
            } else if (!uri.regionMatches(from, segments[i], 0, segments[i].length())
                    || to - from != segments[i].length()) {
                return null;
            }
            from = to + 1;
        }
        return values;
    }

    /**
     * Whether a route of this template takes {@code path} (a normalized path, as the router matches it): a trailing
     * slash is the same path, a parameter any non-empty segment, a prefix template any path under it.
     */
    boolean covers(String path) {
        if (path == null) {
            return false;
        }
        int from = path.startsWith("/") ? 1 : 0;
        int end = path.length();
        if (end > from && path.charAt(end - 1) == '/') {
            end--;
        }
        if (from == end) {
            return segments.length == 0;
        }
        int i = 0;
        while (true) {
            if (i == segments.length) {
                return prefix; // more segments than the template has
            }
            int slash = path.indexOf('/', from);
            int to = slash < 0 || slash > end ? end : slash;
            if (segments[i] == null ? to == from
                    : to - from != segments[i].length() || !path.regionMatches(from, segments[i], 0, to - from)) {
                return false;
            }
            i++;
            if (to == end) {
                return i == segments.length;
            }
            from = to + 1;
        }
    }

    /** Whether a route of {@code earlier} could take one of our paths. */
    boolean overlaps(PathTemplate earlier) {
        if (earlier.prefix) {
            return literalPrefix().startsWith(earlier.label) || earlier.label.startsWith(literalPrefix());
        }
        if (earlier.segments.length != segments.length) {
            return false;
        }
        for (int i = 0; i < segments.length; i++) {
            if (segments[i] != null && earlier.segments[i] != null && !segments[i].equals(earlier.segments[i])) {
                return false;
            }
        }
        return true;
    }

    /** The value of parameter {@code name} among {@code values} (as {@link #match} gave them), or null. */
    String value(String[] values, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    private String literalPrefix() {
        StringBuilder literal = new StringBuilder();
        for (String segment : segments) {
            if (segment == null) {
                break;
            }
            literal.append('/').append(segment);
        }
        return literal.toString();
    }

    private static boolean plain(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
}
