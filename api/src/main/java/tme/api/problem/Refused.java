package tme.api.problem;

/**
 * A request refused before any work on it, for a reason the server gives as a {@link Problem} (a GraphQL query past
 * {@code GRAPHQL_QUEUE_LIMIT}, say): a front end fails its request with it, and the routing table's one failure
 * handler writes the problem with its status and {@code Retry-After}.
 */
public final class Refused extends RuntimeException {

    private final transient Problem problem;

    public Refused(Problem problem) {
        // No stack trace: a refusal is an expected outcome under load, and arrives at the rate of the load.
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
