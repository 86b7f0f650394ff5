package tme.api.service;

import tme.api.problem.Problem;

/**
 * A step of a load that either produced a value or stopped with a problem. {@code negative} problems
 * (an unknown channel or post) are answers worth caching for a short while; the others are never cached.
 */
sealed interface Outcome<T> {

    record Ok<T>(T value) implements Outcome<T> {}

    /**
     * @param problem  what went wrong
     * @param negative whether this is a cacheable "does not exist" answer
     * @param shared   whether other processes waiting for the same load should see it too (t.me's answer is
     *                 the same for everyone) rather than try themselves (a timeout or throttling may be ours alone)
     */
    record Fail<T>(Problem problem, boolean negative, boolean shared) implements Outcome<T> {}

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
