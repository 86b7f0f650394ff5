package tme.api.http;

import java.util.ArrayList;
import java.util.List;

/**
 * A route's path template ({@code /v1/body/:channel}) as {@link HitsAhead} matches it: literal segments and
 * {@code :name} parameters, compared segment by segment with no regular expression. It takes only the plainest paths
 * (letters, digits, {@code _}, {@code -} and single slashes, no trailing one): anything else (percent-encoding, dot
 * segments, a trailing slash, a query) is the router's to read, so the two can never disagree about what a path means.
 */
final class PathTemplate {

    private final String[] segments; // a literal, or null where a parameter stands
    private final String[] names;    // the parameters' names, in order

    private PathTemplate(String[] segments, String[] names) {
        this.segments = segments;
        this.names = names;
    }

    static PathTemplate of(String template) {
        String[] parts = template.substring(1).split("/", -1);
        String[] segments = new String[parts.length];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].startsWith(":")) {
                names.add(parts[i].substring(1));
            } else {
                segments[i] = parts[i];
            }
        }
        return new PathTemplate(segments, names.toArray(String[]::new));
    }

    /** The parameters' values where {@code uri} is one of this template's plain paths, else null. */
    String[] match(String uri) {
        int length = uri.length();
        if (length < 2 || uri.charAt(0) != '/') {
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

    /** Whether a route of {@code other} (a template, or with {@code prefix} a path prefix) could take one of ours. */
    boolean overlaps(String other, boolean prefix) {
        if (prefix) {
            return literalPrefix().startsWith(other) || other.startsWith(literalPrefix());
        }
        PathTemplate them = of(other);
        if (them.segments.length != segments.length) {
            return false;
        }
        for (int i = 0; i < segments.length; i++) {
            if (segments[i] != null && them.segments[i] != null && !segments[i].equals(them.segments[i])) {
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
        StringBuilder prefix = new StringBuilder();
        for (String segment : segments) {
            if (segment == null) {
                break;
            }
            prefix.append('/').append(segment);
        }
        return prefix.toString();
    }

    private static boolean plain(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
}
