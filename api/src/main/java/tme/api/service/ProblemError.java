package tme.api.service;

import tme.api.problem.Problem;
import tme.api.render.ProblemJson;
import tme.coalescing.LoadError;

/**
 * A load's problem as the coalescing cache carries it: the {@link Problem} itself for this process's callers, its
 * problem JSON only when a lease shares it with other processes (the one place a failure becomes bytes).
 */
record ProblemError(Problem problem) implements LoadError {

    @Override
    public byte[] bytes() {
        return ProblemJson.bytes(problem);
    }

    /** A client's share spent is that client's: not remembered for the key, so another client's load goes on. */
    @Override
    public boolean personal() {
        return Problem.CLIENT_UPSTREAM_LIMITED.equals(problem.code());
    }

    /** The problem behind a failure: ours as it is, another process's read back from its bytes. */
    static Problem of(LoadError error) {
        return error instanceof ProblemError ours ? ours.problem() : ProblemJson.parse(error.bytes());
    }
}
