package tme.api.service;

import java.util.Locale;
import tme.api.problem.InvalidInput;
import tme.scraper.model.Username;

/**
 * A valid channel name, lower-cased: 4 to 32 ASCII letters, digits or {@code _}, starting with a letter. t.me names
 * are case-insensitive, so {@code DuRoV} and {@code durov} are one channel, one cache key and one load.
 *
 * @param value the lower-cased name
 */
public record ChannelName(String value) {

    public ChannelName {
        if (!valid(value) || !lowerCased(value)) {
            throw new IllegalArgumentException("not a lower-cased channel name: " + value);
        }
    }

    /**
     * The name in {@code raw}, as sent (no trimming: a path with a space is not a name) or as people paste one
     * ({@link PastedName}: {@code @durov}, {@code https://t.me/s/durov}, a post's link), or 422 naming
     * {@code parameter}. A plain name is checked first: that is every hit's path, and it allocates nothing more.
     */
    public static ChannelName parse(String parameter, String raw) throws InvalidInput {
        if (valid(raw)) {
            return new ChannelName(raw.toLowerCase(Locale.ROOT));
        }
        String pasted = PastedName.of(raw);
        if (valid(pasted)) {
            return new ChannelName(pasted.toLowerCase(Locale.ROOT));
        }
        throw Inputs.invalid(parameter, parameter + " must be a channel name (4-32 letters, digits or _ starting with"
                + " a letter), @name or a t.me link: " + Inputs.quoted(raw));
    }

    /** What t.me takes as a username ({@link Username}); public for the callers that check a name without a 422. */
    public static boolean valid(String name) {
        return Username.valid(name);
    }

    private static boolean lowerCased(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) >= 'A' && name.charAt(i) <= 'Z') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return value;
    }
}
