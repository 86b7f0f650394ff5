package tme.api.service;

import tme.api.problem.InvalidInput;
import tme.scraper.fetch.Direction;

/** Which way a "more" page goes, read from its name: {@code before} or {@code after}, lower case. */
public final class Directions {

    private Directions() {}

    /** The direction named {@code raw}, or 422 naming {@code parameter}. */
    public static Direction parse(String parameter, String raw) throws InvalidInput {
        for (Direction direction : Direction.values()) {
            if (direction.query().equals(raw)) {
                return direction;
            }
        }
        throw Inputs.invalid(parameter, parameter + " must be before or after: \"" + raw + "\"");
    }
}
