package tme.api.service;

import tme.api.problem.InvalidInput;

/**
 * Where a page is: a post id in 1..10,000,000 the page is around (or a "more" page starts from), or
 * {@link #LATEST}, the channel's newest page ({@code t.me/s/<channel>}), which is what no position means.
 *
 * @param value the post id, or 0 for the latest page
 */
public record Position(int value) {

    /** The largest position or post id. */
    public static final int MAX = Inputs.MAX_NUMBER;

    /** No position: the channel's latest page. */
    public static final Position LATEST = new Position(0);

    public Position {
        if (value < 0 || value > Inputs.MAX_NUMBER) {
            throw new IllegalArgumentException("position out of range: " + value);
        }
    }

    /** A position written as up to 8 digits ({@code 0490} is 490), or 422 naming {@code parameter}. */
    public static Position parse(String parameter, String raw) throws InvalidInput {
        return new Position(Inputs.number(parameter, raw));
    }

    /** A position given as an integer, or 422 naming {@code parameter}. */
    public static Position of(String parameter, int value) throws InvalidInput {
        return new Position(Inputs.number(parameter, value));
    }

    /** {@link #LATEST} when {@code raw} is absent, else as {@link #parse}. */
    public static Position optional(String parameter, String raw) throws InvalidInput {
        return raw == null ? LATEST : parse(parameter, raw);
    }

    public boolean latest() {
        return value == 0;
    }
}
