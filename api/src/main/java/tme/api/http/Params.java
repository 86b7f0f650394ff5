package tme.api.http;

import java.util.Locale;
import java.util.regex.Pattern;
import tme.api.service.Problem;

/**
 * Validation of request parameters. Each check either returns the normalized value or throws
 * {@link Invalid} naming the parameter; the route's failure handler turns that into a 422.
 */
final class Params {

    static final Pattern CHANNEL = Pattern.compile("^[A-Za-z][A-Za-z0-9_]{3,31}$");
    static final int MAX_POSITION = 10_000_000;

    private Params() {}

    /** A valid channel name, lower-cased: t.me names are case-insensitive and cache keys must agree. */
    static String channel(String parameter, String raw) {
        if (raw == null || !CHANNEL.matcher(raw).matches()) {
            throw new Invalid(Problem.invalid(parameter,
                    parameter + " must be 4-32 letters, digits or _ starting with a letter: " + quoted(raw)));
        }
        return raw.toLowerCase(Locale.ROOT);
    }

    /** A post id or position in 1..10,000,000. */
    static int position(String parameter, String raw) {
        if (raw != null && raw.length() <= 8 && raw.chars().allMatch(Character::isDigit) && !raw.isEmpty()) {
            int value = Integer.parseInt(raw);
            if (value >= 1 && value <= MAX_POSITION) {
                return value;
            }
        }
        throw new Invalid(Problem.invalid(parameter,
                parameter + " must be an integer from 1 to " + MAX_POSITION + ": " + quoted(raw)));
    }

    /** An optional position: absent means 0, the latest page. */
    static int optionalPosition(String parameter, String raw) {
        return raw == null ? 0 : position(parameter, raw);
    }

    private static String quoted(String raw) {
        if (raw == null) {
            return "missing";
        }
        String shown = raw.length() > 64 ? raw.substring(0, 64) + "…" : raw;
        return "\"" + shown + "\"";
    }

    /** A request parameter failed validation; carries the 422 problem. */
    static final class Invalid extends RuntimeException {
        private final transient Problem problem;

        Invalid(Problem problem) {
            super(problem.detail(), null, false, false);
            this.problem = problem;
        }

        Problem problem() {
            return problem;
        }
    }
}
