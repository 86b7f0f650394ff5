package tme.api;

import io.netty.util.NetUtil;
import java.net.URI;
import java.net.URISyntaxException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import tme.api.Setting.Kind;

/**
 * What a setting accepts: each kind parses a variable's text, refuses what it does not accept with the setting's name
 * and the form expected, and states its range for the operations table. The one place a single setting is checked.
 */
final class SettingKinds {

    private static final String DURATION_FORMS = "a duration like 500ms, 5s, 2m, 1h, 7d or PT5S";

    private SettingKinds() {}

    static Kind<Integer> integer(int min, int max) {
        return within(min, max, Integer::parseInt, "an integer in " + min + ".." + max);
    }

    static Kind<Double> number(double min, double max) {
        return within(min, max, Double::parseDouble, "a number from " + min + " to " + max);
    }

    /** A number from min to max inclusive; the complaint names the form ({@code an integer in 1..256}). */
    private static <N extends Number & Comparable<N>> Kind<N> within(N min, N max, Function<String, N> parse,
                                                                      String expected) {
        return new Kind<>(grouped(min.doubleValue()) + ".." + grouped(max.doubleValue()), (name, raw) -> {
            try {
                N parsed = parse.apply(raw);
                if (parsed.compareTo(min) >= 0 && parsed.compareTo(max) <= 0) {
                    return parsed;
                }
            } catch (NumberFormatException ignored) {
                // refused below with the allowed range
            }
            throw refused(name + " must be " + expected + ": " + raw);
        });
    }

    static Kind<Duration> positiveDuration() {
        return new Kind<>("positive duration", (name, raw) -> {
            Duration parsed = duration(name, raw);
            if (parsed.isNegative() || parsed.isZero()) {
                throw refused(name + " must be positive: " + parsed);
            }
            return parsed;
        });
    }

    /** A duration where zero turns something off (a window of no length). */
    static Kind<Duration> nonNegativeDuration() {
        return new Kind<>("duration, 0 or more", (name, raw) -> {
            Duration parsed = duration(name, raw);
            if (parsed.isNegative()) {
                throw refused(name + " must not be negative: " + parsed);
            }
            return parsed;
        });
    }

    /** A positive duration no longer than {@code max}. */
    static Kind<Duration> durationUpTo(Duration max) {
        Kind<Duration> positive = positiveDuration();
        return new Kind<>("positive duration, at most " + Durations.format(max), (name, raw) -> {
            Duration parsed = positive.parser().parse(name, raw);
            if (parsed.compareTo(max) > 0) {
                throw refused(name + " must be at most " + max + ": " + parsed);
            }
            return parsed;
        });
    }

    private static Duration duration(String name, String raw) {
        Duration parsed = Durations.parse(raw);
        if (parsed == null) {
            throw refused(name + " must be " + DURATION_FORMS + ": " + raw);
        }
        return parsed;
    }

    /** {@code true}/{@code false}, or {@code 1}/{@code 0}. */
    static Kind<Boolean> flag() {
        return new Kind<>("`true` or `false`", (name, raw) -> {
            if (raw.equalsIgnoreCase("true") || raw.equals("1")) {
                return true;
            }
            if (raw.equalsIgnoreCase("false") || raw.equals("0")) {
                return false;
            }
            throw refused(name + " must be true or false: " + raw);
        });
    }

    /** One of an enum's constants, named in any case. */
    static <E extends Enum<E>> Kind<E> choice(Class<E> type) {
        List<E> constants = List.of(type.getEnumConstants());
        String range = constants.stream().map(c -> "`" + c.name().toLowerCase() + "`").collect(Collectors.joining(", "));
        return new Kind<>(range, (name, raw) -> constants.stream().filter(c -> c.name().equalsIgnoreCase(raw))
                .findFirst()
                .orElseThrow(() -> refused(name + " must be one of " + constants.toString().toLowerCase() + ": " + raw)));
    }

    /** An IP address as written: IPv4 or IPv6, no name (nothing is resolved at start). */
    static Kind<String> ipAddress() {
        return new Kind<>("IP address", (name, raw) -> {
            if (NetUtil.isValidIpV4Address(raw) || NetUtil.isValidIpV6Address(raw)) {
                return raw;
            }
            throw refused(name + " must be an IP address (0.0.0.0: every IPv4 interface, ::: every interface, "
                    + "127.0.0.1: this machine only): " + raw);
        });
    }

    /** An http(s) URL with a host; a trailing slash is dropped. */
    static Kind<URI> httpUrl() {
        return new Kind<>("http(s) URL", (name, raw) -> {
            try {
                URI uri = new URI(raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
                if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                    return uri;
                }
            } catch (URISyntaxException ignored) {
                // refused below
            }
            throw refused(name + " must be an http(s) URL: " + raw);
        });
    }

    /** Text another part checks (a Redis URL is checked by the cache's own config, which knows clusters). */
    static Kind<String> text(String range) {
        return new Kind<>(range, (name, raw) -> raw);
    }

    /** Parsed by a type of its own ({@code HostAllowList.parse}), which names the setting in its complaint. */
    static <T> Kind<T> parsedBy(String range, Kind.Parser<T> parser) {
        return new Kind<>(range, parser);
    }

    private static IllegalArgumentException refused(String problem) {
        return new IllegalArgumentException(problem);
    }

    private static String grouped(double n) {
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(n);
    }
}
