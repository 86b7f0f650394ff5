package tme.api.service;

import tme.api.problem.Problem;
import tme.coalescing.Timings;

/**
 * A step of a load that either produced a value or stopped with a problem. {@code negative} problems
 * (an unknown channel or post) are answers worth caching for a short while; the others are never cached. Each
 * carries how long the load's steps took so far ({@link LoadSteps}), for the {@code Server-Timing} of its callers.
 */
sealed interface Outcome<T> {

    Timings timings();

    /** The same outcome with {@code timings} in place of its own. */
    Outcome<T> timed(Timings timings);

    record Ok<T>(T value, Timings timings) implements Outcome<T> {
        Ok(T value) {
            this(value, Timings.NONE);
        }

        @Override
        public Ok<T> timed(Timings timings) {
            return new Ok<>(value, timings);
        }
    }

    /**
     * @param problem  what went wrong
     * @param negative whether this is a cacheable "does not exist" answer
     * @param shared   whether other processes waiting for the same load should see it too (t.me's answer is
     *                 the same for everyone) rather than try themselves (a timeout or throttling may be ours alone)
     */
    record Fail<T>(Problem problem, boolean negative, boolean shared, Timings timings) implements Outcome<T> {
        Fail(Problem problem, boolean negative, boolean shared) {
            this(problem, negative, shared, Timings.NONE);
        }

        @Override
        public Fail<T> timed(Timings timings) {
            return new Fail<>(problem, negative, shared, timings);
        }
    }

    static <T> Outcome<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Fail<T> notFound(Problem problem) {
        return new Fail<>(problem, true, true);
    }

    static <T> Fail<T> fail(Problem problem, boolean shared) {
        return new Fail<>(problem, false, shared);
    }
}
