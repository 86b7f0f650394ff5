package tme.api.http;

import tme.api.problem.Problem;

/**
 * GraphQL requests that never reached the engine: no query, a body or {@code variables} that are not JSON, a
 * batch (an array of queries, not served), a body of another media type. vertx-web-graphql fails them with a bare
 * status; they get the one problem shape here, like every other request the server cannot read.
 */
final class GraphQLRequests {

    /** How much of the decoder's own message (its first line) a problem repeats: enough to find the mistake. */
    private static final int MAX_REASON = 200;

    private GraphQLRequests() {}

    static Problem problem(int status, Throwable cause) {
        if (status == 415) {
            return Problem.unsupportedMediaType(
                    "A GraphQL POST body must be application/json ({\"query\": ...}) or application/graphql");
        }
        String reason = cause == null || cause.getMessage() == null ? "not a single JSON query"
                : cause.getMessage().lines().findFirst().orElse("").strip();
        if (reason.length() > MAX_REASON) {
            reason = reason.substring(0, MAX_REASON) + "…";
        }
        return Problem.malformedRequest(400, "Malformed GraphQL request (" + reason
                + "): send GET /graphql?query=... or POST /graphql with {\"query\": \"...\", \"variables\": {...}}");
    }
}
