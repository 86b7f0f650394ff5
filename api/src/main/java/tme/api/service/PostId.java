package tme.api.service;

import tme.api.problem.InvalidInput;

/**
 * The id of one post in a channel, in 1..10,000,000 (the same bound as positions: one bound everywhere).
 *
 * @param value the post id
 */
public record PostId(int value) {

    public PostId {
        if (value < 1 || value > Inputs.MAX_NUMBER) {
            throw new IllegalArgumentException("post id out of range: " + value);
        }
    }

    /** An id written as up to 8 digits, or 422 naming {@code parameter}. */
    public static PostId parse(String parameter, String raw) throws InvalidInput {
        return new PostId(Inputs.number(parameter, raw));
    }

    /** An id given as an integer, or 422 naming {@code parameter}. */
    public static PostId of(String parameter, int value) throws InvalidInput {
        return new PostId(Inputs.number(parameter, value));
    }

    /** The page around the post, the one it is taken from. */
    Position page() {
        return new Position(value);
    }
}
