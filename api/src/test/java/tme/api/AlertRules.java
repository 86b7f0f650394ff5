package tme.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docs/alerts.yml}, the alerting rules the repository ships, read as its lines say (each rule an
 * {@code - alert:} line and an {@code expr:} line after it, one line each): no YAML library for one flat file.
 */
final class AlertRules {

    static final Path FILE = Path.of(System.getProperty("user.dir")).resolveSibling("docs").resolve("alerts.yml");
    private static final Pattern RULE = Pattern.compile("(?m)^\\s*- alert: (\\S+)\\s*\\n\\s*expr: (.+)$");

    private AlertRules() {}

    /** Each alert's expression, by its name, in the file's order. */
    static Map<String, String> expressions() {
        try {
            Map<String, String> rules = new LinkedHashMap<>();
            Matcher rule = RULE.matcher(Files.readString(FILE));
            while (rule.find()) {
                rules.put(rule.group(1), rule.group(2).strip());
            }
            return rules;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
