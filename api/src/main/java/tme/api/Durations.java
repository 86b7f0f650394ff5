package tme.api;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the duration forms operators write: {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 7d} or ISO-8601
 * {@code PT5S}. Days are 24 hours (no calendar): the operations table gives its week-long defaults as {@code 7d}, and
 * those were refused before.
 */
final class Durations {

    private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    private Durations() {}

    /** The duration, or null when the text is none of the accepted forms. */
    static Duration parse(String text) {
        Matcher m = SHORT.matcher(text);
        try {
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            }
            return Duration.parse(text);
        } catch (DateTimeParseException | ArithmeticException | NumberFormatException tooLongOrMalformed) {
            return null;
        }
    }

    /** The shortest of the short forms {@link #parse} reads back as {@code d} ({@code 7d}, {@code 90s}, {@code 500ms}). */
    static String format(Duration d) {
        long ms = d.toMillis();
        long[] sizes = {86_400_000L, 3_600_000L, 60_000L, 1000L};
        String[] units = {"d", "h", "m", "s"};
        for (int i = 0; i < sizes.length; i++) {
            if (ms != 0 && ms % sizes[i] == 0) {
                return ms / sizes[i] + units[i];
            }
        }
        return ms + "ms";
    }
}
