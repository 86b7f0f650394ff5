package tme.api;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tme.scraper.parse.ParserMode;

/**
 * Server configuration, read from the environment once at start-up. Every bad value is named in the error
 * ({@code TELEGRAM_TIMEOUT must be positive: PT0S}) so a misconfigured server never starts half-working.
 *
 * @param port            HTTP port ({@code PORT}, default 8080; 0 picks a free port)
 * @param telegramBaseUrl where t.me is ({@code TELEGRAM_BASE_URL}); tests and benchmarks point it at a fake
 * @param telegramTimeout per upstream request ({@code TELEGRAM_TIMEOUT}, default 5s)
 * @param parserMode      {@code PARSER_MODE}: full or simplified
 * @param parseWorkers    threads that parse and render pages off the event loop ({@code PARSE_WORKERS})
 */
public record Config(
        int port, URI telegramBaseUrl, Duration telegramTimeout, ParserMode parserMode, int parseWorkers) {

    public static Config fromEnv(Map<String, String> env) {
        EnvReader in = new EnvReader(env);
        Config config = new Config(
                in.integer("PORT", 8080, 0, 65_535),
                in.httpUrl("TELEGRAM_BASE_URL", "https://t.me"),
                in.positiveDuration("TELEGRAM_TIMEOUT", Duration.ofSeconds(5)),
                in.choice("PARSER_MODE", ParserMode.class, ParserMode.FULL),
                in.integer("PARSE_WORKERS", Math.max(2, Runtime.getRuntime().availableProcessors()), 1, 256));
        in.failIfAnyProblem();
        return config;
    }

    /** Collects every problem before failing, so one start-up names all the bad variables at once. */
    static final class EnvReader {
        private final Map<String, String> env;
        private final List<String> problems = new ArrayList<>();

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

        Duration positiveDuration(String name, Duration fallback) {
            String raw = value(name);
            if (raw == null) {
                return fallback;
            }
            Duration parsed = Durations.parse(raw);
            if (parsed == null) {
                problems.add(name + " must be a duration like 500ms, 5s, 2m or PT5S: " + raw);
                return fallback;
            }
            if (parsed.isNegative() || parsed.isZero()) {
                problems.add(name + " must be positive: " + parsed);
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

        String value(String name) {
            String raw = env.get(name);
            return raw == null || raw.isBlank() ? null : raw.trim();
        }

        void failIfAnyProblem() {
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("Invalid configuration: " + String.join("; ", problems));
            }
        }
    }
}
