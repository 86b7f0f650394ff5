package tme.api.graphql;

import graphql.execution.DataFetcherExceptionHandler;
import graphql.execution.DataFetcherExceptionHandlerParameters;
import graphql.execution.DataFetcherExceptionHandlerResult;
import graphql.schema.DataFetchingEnvironment;
import java.util.concurrent.CompletableFuture;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;

/**
 * What a field that threw answers: bad input its 422 (the input types throw as they are made), anything else a
 * logged bug, {@code internal_error} with no detail of it, as REST's 500. Either way the answer is not cacheable.
 */
final class FetcherFailures implements DataFetcherExceptionHandler {

    private static final System.Logger LOG = System.getLogger(FetcherFailures.class.getName());

    @Override
    public CompletableFuture<DataFetcherExceptionHandlerResult> handleException(DataFetcherExceptionHandlerParameters failure) {
        DataFetchingEnvironment env = failure.getDataFetchingEnvironment();
        QueryState state = QueryState.of(env);
        if (state != null) {
            state.reads().uncacheable();
        }
        Problem problem;
        if (failure.getException() instanceof InvalidInput invalid) {
            problem = invalid.problem();
        } else {
            LOG.log(System.Logger.Level.ERROR, "GraphQL field " + failure.getPath() + " failed", failure.getException());
            problem = Problem.internal();
        }
        return CompletableFuture.completedFuture(
                DataFetcherExceptionHandlerResult.newResult(Errors.of(env, problem)).build());
    }
}
