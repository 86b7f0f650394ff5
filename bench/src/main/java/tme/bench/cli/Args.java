package tme.bench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --name value} options (a name may repeat), read with a default or required. Durations are written as
 * wrk writes them ({@code 500ms}, {@code 10s}, {@code 2m}) or as ISO-8601 ({@code PT10S}). A bad or missing value
 * is an {@link IllegalArgumentException} that names the option.
 */
public final class Args {

    private final Map<String, List<String>> values = new LinkedHashMap<>();

    private Args() {}

    public static Args parse(String... args) {
        Args parsed = new Args();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (!name.startsWith("--") || name.length() < 3) {
                throw new IllegalArgumentException("want --name value, got " + name);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " has no value");
            }
            parsed.values.computeIfAbsent(name.substring(2), n -> new ArrayList<>()).add(args[i + 1]);
        }
        return parsed;
    }

    /** Every value given for {@code name}, in order; empty if none. */
    public List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    public String text(String name) {
        List<String> given = all(name);
        if (given.isEmpty()) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return given.getLast();
    }

    public String text(String name, String fallback) {
        return all(name).isEmpty() ? fallback : text(name);
    }

    public int integer(String name, int fallback) {
        String value = text(name, Integer.toString(fallback));
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be an integer: " + value, e);
        }
    }

    public double number(String name) {
        String value = text(name);
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a number: " + value, e);
        }
    }

    public Duration duration(String name, Duration fallback) {
        return all(name).isEmpty() ? fallback : duration(name, text(name));
    }

    static Duration duration(String name, String value) {
        try {
            if (value.startsWith("PT")) {
                return Duration.parse(value);
            }
            if (value.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
            }
            if (value.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(value.substring(0, value.length() - 1)) * 1000));
            }
            if (value.endsWith("m")) {
                return Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1)) * 60);
            }
            return Duration.ofSeconds(Long.parseLong(value));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--" + name + " must be a duration such as 500ms, 10s or 2m: " + value,
                    e);
        }
    }
}
