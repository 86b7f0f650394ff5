package tme.api.graphql;

import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.execution.ResultPath;
import graphql.schema.DataFetchingEnvironment;
import java.util.LinkedHashMap;
import java.util.Map;
import tme.api.problem.Problem;
import tme.api.render.ProblemJson;

/**
 * The one place a {@link Problem} becomes a GraphQL error: its detail as the message, and in {@code extensions} its
 * {@code code} and {@code status} with their REST meanings, {@code retryAfter} (seconds) wherever REST sends a
 * {@code Retry-After}, and {@code argument} naming the bad input of a 422.
 */
final class Errors {

    private Errors() {}

    /** The problem as an error of the field {@code env} fetches. */
    static GraphQLError of(DataFetchingEnvironment env, Problem problem) {
        return GraphqlErrorBuilder.newError(env).message(problem.detail()).extensions(extensions(problem)).build();
    }

    /** The problem as an error of one item of the list {@code env} fetches, naming its channel. */
    static GraphQLError ofItem(DataFetchingEnvironment env, int index, String channel, Problem problem) {
        Map<String, Object> extensions = extensions(problem);
        extensions.put("channel", channel);
        ResultPath path = env.getExecutionStepInfo().getPath().segment(index);
        return GraphqlErrorBuilder.newError(env).path(path).message(problem.detail()).extensions(extensions).build();
    }

    static Map<String, Object> extensions(Problem problem) {
        Map<String, Object> extensions = new LinkedHashMap<>();
        extensions.put("code", problem.code());
        extensions.put("status", problem.status());
        if (problem.retryAfter() != null) {
            extensions.put("retryAfter", ProblemJson.retryAfterSeconds(problem));
        }
        if (problem.parameter() != null) {
            extensions.put("argument", problem.parameter());
        }
        return extensions;
    }
}
