package tme.api.graphql;

import graphql.ExecutionResult;
import graphql.analysis.MaxQueryDepthInstrumentation;
import graphql.execution.AbortExecutionException;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.language.Field;
import graphql.language.OperationDefinition;
import tme.redis.Counters;

/**
 * At most {@code maxDepth} levels of fields ({@code GRAPHQL_MAX_DEPTH}); the schema's deepest field is 7 levels
 * down ({@code body.content.posts.content.reply.name.string}). An operation asking for introspection alone is held to
 * graphql-java's good-faith limits instead (its own depth and field counts): GraphiQL's introspection query is 15
 * levels deep, and introspection never reaches t.me.
 */
final class DepthLimit extends MaxQueryDepthInstrumentation {

    private final Counters<Count> counts;

    DepthLimit(int maxDepth, Counters<Count> counts) {
        super(maxDepth);
        this.counts = counts;
    }

    @Override
    public InstrumentationContext<ExecutionResult> beginExecuteOperation(
            InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
        if (introspectionOnly(parameters.getExecutionContext().getOperationDefinition())) {
            return SimpleInstrumentationContext.noOp();
        }
        return super.beginExecuteOperation(parameters, state);
    }

    @Override
    protected AbortExecutionException mkAbortException(int depth, int maxDepth) {
        counts.increment(Count.REFUSED_DEPTH);
        return new LimitExceeded("query_too_deep",
                "The query is " + depth + " levels deep; at most " + maxDepth + " are allowed");
    }

    /** Every root selection is an introspection field ({@code __schema}, {@code __type}, {@code __typename}). */
    private static boolean introspectionOnly(OperationDefinition operation) {
        return operation.getSelectionSet().getSelections().stream()
                .allMatch(selection -> selection instanceof Field field && field.getName().startsWith("__"));
    }
}
