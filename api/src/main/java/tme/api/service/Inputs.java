package tme.api.service;

import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;

/** The checks the input value types share: one bound for positions and post ids, one way to quote bad input. */
final class Inputs {

    /** Largest position or post id: real channels pass a million posts, and the prior art's bound was 10^7. */
    static final int MAX_NUMBER = 10_000_000;

    private Inputs() {}

    /** Up to 8 decimal digits with no sign ({@code 0490} is 490), in 1..{@link #MAX_NUMBER}: how paths carry ids. */
    static int number(String parameter, String raw) {
        if (digits(raw)) {
            return number(parameter, Integer.parseInt(raw), quoted(raw));
        }
        throw outOfRange(parameter, quoted(raw));
    }

    /** 1 to 8 decimal digits, no sign: what {@link Integer#parseInt} reads without overflow or a surprise. */
    static boolean digits(String raw) {
        return raw != null && !raw.isEmpty() && raw.length() <= 8 && raw.chars().allMatch(Character::isDigit);
    }

    /** An integer already typed (a GraphQL {@code Int}), in 1..{@link #MAX_NUMBER}. */
    static int number(String parameter, int value) {
        return number(parameter, value, Integer.toString(value));
    }

    static InvalidInput invalid(String parameter, String detail) {
        return new InvalidInput(Problem.invalid(parameter, detail));
    }

    /** Bad input as the problem shows it: quoted, cut at 64 characters, or {@code missing}. */
    static String quoted(String raw) {
        if (raw == null) {
            return "missing";
        }
        String shown = raw.length() > 64 ? raw.substring(0, 64) + "…" : raw;
        return "\"" + shown + "\"";
    }

    private static int number(String parameter, int value, String shown) {
        if (value >= 1 && value <= MAX_NUMBER) {
            return value;
        }
        throw outOfRange(parameter, shown);
    }

    private static InvalidInput outOfRange(String parameter, String shown) {
        return invalid(parameter, parameter + " must be an integer from 1 to " + MAX_NUMBER + ": " + shown);
    }
}
