package tme.api.problem;

/**
 * An input value failed validation (a channel name, a position, a direction, a post id): thrown by the input value
 * types as they are made, carrying the 422 {@link Problem} that names the parameter. Every front end turns it into
 * its own error (REST: the route's failure handler; GraphQL: an error for that field), and nothing reaches t.me.
 */
public final class InvalidInput extends RuntimeException {

    private final transient Problem problem;

    public InvalidInput(Problem problem) {
        // No stack trace: bad input is an expected outcome, not a bug, and may arrive at any rate.
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
