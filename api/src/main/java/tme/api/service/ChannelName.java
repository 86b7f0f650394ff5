package tme.api.service;

import java.util.Locale;
import java.util.regex.Pattern;
import tme.api.problem.InvalidInput;

/**
 * A valid channel name, lower-cased: 4 to 32 ASCII letters, digits or {@code _}, starting with a letter. t.me names
 * are case-insensitive, so {@code DuRoV} and {@code durov} are one channel, one cache key and one load.
 *
 * @param value the lower-cased name
 */
public record ChannelName(String value) {

    private static final Pattern VALID = Pattern.compile("^[A-Za-z][A-Za-z0-9_]{3,31}$");

    public ChannelName {
        if (value == null || !VALID.matcher(value).matches() || !value.equals(value.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("not a lower-cased channel name: " + value);
        }
    }

    /** The name in {@code raw}, as sent (no trimming: a path with a space is not a name), or 422 naming {@code parameter}. */
    public static ChannelName parse(String parameter, String raw) throws InvalidInput {
        if (raw == null || !VALID.matcher(raw).matches()) {
            throw Inputs.invalid(parameter,
                    parameter + " must be 4-32 letters, digits or _ starting with a letter: " + Inputs.quoted(raw));
        }
        return new ChannelName(raw.toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return value;
    }
}
