package tme.api;

import io.netty.util.NetUtil;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Reads typed settings from the environment, collecting every problem so one start-up names all bad variables. */
final class EnvReader {
    /**
     * Prefixes only our settings use: a variable with one of them that no setting read is a misspelling (before, a
     * {@code REDIS_URI} started the server with Redis off and no word). {@code HTTP_} and {@code MAX_} are left out:
     * other software's variables ({@code HTTP_PROXY}) share them.
     */
    private static final List<String> OUR_PREFIXES = List.of("TELEGRAM_", "REDIS_", "CACHE_", "MEMORY_", "CLIENT_",
            "STREAM_", "WEBSUB_", "MEDIA_", "REFRESH_", "GRAPHQL_", "EVENTS_", "FEED_", "UPSTREAM_", "PARSER_",
            "PARSE_", "SHUTDOWN_");

    private final Map<String, String> env;
    private final List<String> problems = new ArrayList<>();
    private final Set<String> asked = new HashSet<>();

    EnvReader(Map<String, String> env) {
        this.env = env;
    }

    int integer(String name, int fallback, int min, int max) {
        String raw = value(name);
        if (raw == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(raw);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the allowed range
        }
        problems.add(name + " must be an integer in " + min + ".." + max + ": " + raw);
        return fallback;
    }

    URI httpUrl(String name, String fallback) {
        String raw = value(name);
        String text = raw == null ? fallback : raw;
        try {
            URI uri = new URI(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (java.net.URISyntaxException ignored) {
            // reported below
        }
        problems.add(name + " must be an http(s) URL: " + text);
        return URI.create(fallback);
    }

    /** A positive duration no longer than {@code max}. */
    Duration boundedDuration(String name, Duration fallback, Duration max) {
        Duration parsed = positiveDuration(name, fallback);
        if (parsed.compareTo(max) > 0) {
            problems.add(name + " must be at most " + max + ": " + parsed);
            return fallback;
        }
        return parsed;
    }

    Duration positiveDuration(String name, Duration fallback) {
        return duration(name, fallback, false);
    }

    /** A duration where zero turns something off (a window of no length). */
    Duration nonNegativeDuration(String name, Duration fallback) {
        return duration(name, fallback, true);
    }

    /** A non-negative duration if the variable is set; empty leaves the choice to the component. */
    Optional<Duration> optionalDuration(String name) {
        return value(name) == null ? Optional.empty() : Optional.of(duration(name, Duration.ZERO, true));
    }

    private Duration duration(String name, Duration fallback, boolean zeroAllowed) {
        String raw = value(name);
        if (raw == null) {
            return fallback;
        }
        Duration parsed = Durations.parse(raw);
        if (parsed == null) {
            problems.add(name + " must be a duration like 500ms, 5s, 2m, 1h, 7d or PT5S: " + raw);
            return fallback;
        }
        if (parsed.isNegative() || (parsed.isZero() && !zeroAllowed)) {
            problems.add(name + (zeroAllowed ? " must not be negative: " : " must be positive: ") + parsed);
            return fallback;
        }
        return parsed;
    }

    <E extends Enum<E>> E choice(String name, Class<E> type, E fallback) {
        String raw = value(name);
        if (raw == null) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(raw)) {
                return constant;
            }
        }
        problems.add(name + " must be one of " + List.of(type.getEnumConstants()).toString().toLowerCase() + ": " + raw);
        return fallback;
    }

    /** An IP address as written: IPv4 or IPv6, no name (nothing is resolved at start). */
    String ipAddress(String name, String fallback) {
        String raw = value(name);
        if (raw == null) {
            return fallback;
        }
        if (NetUtil.isValidIpV4Address(raw) || NetUtil.isValidIpV6Address(raw)) {
            return raw;
        }
        problems.add(name + " must be an IP address (0.0.0.0: every IPv4 interface, ::: every interface, 127.0.0.1:"
                + " this machine only): " + raw);
        return fallback;
    }

    boolean flag(String name, boolean fallback) {
        String raw = value(name);
        if (raw == null) {
            return fallback;
        }
        if (raw.equalsIgnoreCase("true") || raw.equals("1")) {
            return true;
        }
        if (raw.equalsIgnoreCase("false") || raw.equals("0")) {
            return false;
        }
        problems.add(name + " must be true or false: " + raw);
        return fallback;
    }

    double number(String name, double fallback, double min, double max) {
        String raw = value(name);
        if (raw == null) {
            return fallback;
        }
        try {
            double parsed = Double.parseDouble(raw);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the allowed range
        }
        problems.add(name + " must be a number from " + min + " to " + max + ": " + raw);
        return fallback;
    }

    /** Runs a constructor that validates (e.g. a record of another module), turning its complaint into a problem. */
    <T> T checked(java.util.function.Supplier<T> build, T fallback) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return fallback;
        }
    }

    /** A problem no single variable's check finds (two settings that do not go together). */
    void problem(String problem) {
        problems.add(problem);
    }

    String value(String name) {
        asked.add(name);
        String raw = env.get(name);
        return raw == null || raw.isBlank() ? null : raw.trim();
    }

    /**
     * One warning per variable that has one of our prefixes but that no setting read (call after reading them all),
     * naming the known setting closest to it.
     */
    List<String> unknownSettings() {
        return env.keySet().stream()
                .filter(name -> OUR_PREFIXES.stream().anyMatch(name::startsWith) && !asked.contains(name))
                .sorted()
                .map(name -> "Unknown setting " + name + " ignored (did you mean " + closest(name) + "?)")
                .toList();
    }

    private String closest(String name) {
        return asked.stream().min(Comparator.comparingInt((String known) -> editDistance(name, known))
                .thenComparing(Comparator.naturalOrder())).orElse("?");
    }

    /** Levenshtein distance: the fewest one-letter insertions, deletions and substitutions from a to b. */
    static int editDistance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1),
                        diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    void failIfAnyProblem() {
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("Invalid configuration: " + String.join("; ", problems));
        }
    }
}
