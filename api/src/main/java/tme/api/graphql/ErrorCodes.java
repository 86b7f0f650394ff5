package tme.api.graphql;

import graphql.ErrorType;
import graphql.ExecutionResult;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.language.Document;
import graphql.parser.exceptions.ParseCancelledException;
import graphql.parser.exceptions.ParseCancelledTooDeepException;
import graphql.parser.exceptions.ParseCancelledTooManyCharsException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import tme.redis.Counters;

/**
 * Gives every error graphql-java reports by itself an {@code extensions.code} and {@code status}, as ours have: a
 * query over the parser's size limits ({@code GRAPHQL_MAX_TOKENS}) is {@code query_too_large} (told apart by the
 * exception that stopped the parser, not by its message), other syntax and validation errors are
 * {@code invalid_query}, introspection beyond graphql-java's good-faith limits is {@code bad_faith_introspection},
 * all 400; anything else is our bug, {@code internal_error} 500.
 */
final class ErrorCodes extends SimplePerformantInstrumentation {

    private final Counters<Count> counts;

    ErrorCodes(Counters<Count> counts) {
        this.counts = counts;
    }

    /** Per execution: why parsing stopped, if it did. */
    private static final class State implements InstrumentationState {
        // Set by the parse callback, read once the result is ready: one thread after the other.
        private volatile Throwable parseFailure;
    }

    @Override
    public InstrumentationState createState(InstrumentationCreateStateParameters parameters) {
        return new State();
    }

    @Override
    public InstrumentationContext<Document> beginParse(InstrumentationExecutionParameters parameters,
                                                       InstrumentationState state) {
        return SimpleInstrumentationContext.whenCompleted((document, failure) -> ((State) state).parseFailure = failure);
    }

    @Override
    public CompletableFuture<ExecutionResult> instrumentExecutionResult(ExecutionResult result,
                                                                        InstrumentationExecutionParameters parameters,
                                                                        InstrumentationState state) {
        if (result.getErrors().stream().allMatch(ErrorCodes::coded)) {
            return CompletableFuture.completedFuture(result);
        }
        Throwable parseFailure = ((State) state).parseFailure;
        if (parseFailure instanceof ParseCancelledException || parseFailure instanceof ParseCancelledTooManyCharsException
                || parseFailure instanceof ParseCancelledTooDeepException) {
            counts.increment(Count.REFUSED_SIZE);
        }
        List<GraphQLError> errors = result.getErrors().stream()
                .map(error -> coded(error) ? error : withCode(error, code(error, parseFailure))).toList();
        return CompletableFuture.completedFuture(result.transform(builder -> builder.errors(errors)));
    }

    private static boolean coded(GraphQLError error) {
        return error.getExtensions() != null && error.getExtensions().containsKey("code");
    }

    private static String code(GraphQLError error, Throwable parseFailure) {
        if (error.getErrorType() == ErrorType.InvalidSyntax) {
            return switch (parseFailure) {
                case ParseCancelledTooDeepException tooDeep -> "query_too_deep";
                case ParseCancelledException tooManyTokens -> "query_too_large";
                case ParseCancelledTooManyCharsException tooManyChars -> "query_too_large";
                case null, default -> "invalid_query";
            };
        }
        if (error.getErrorType() == ErrorType.ValidationError || error.getErrorType() == ErrorType.OperationNotSupported) {
            return "invalid_query";
        }
        if (error.getErrorType() != null
                && "BadFaithIntrospection".equals(String.valueOf(error.getErrorType().toSpecification(error)))) {
            return "bad_faith_introspection";
        }
        return "internal_error";
    }

    private static GraphQLError withCode(GraphQLError error, String code) {
        Map<String, Object> extensions = new LinkedHashMap<>();
        extensions.put("code", code);
        extensions.put("status", "internal_error".equals(code) ? 500 : LimitExceeded.STATUS);
        if (error.getExtensions() != null) {
            extensions.putAll(error.getExtensions());
        }
        return GraphqlErrorBuilder.newError().message(error.getMessage()).locations(error.getLocations())
                .path(error.getPath()).errorType(error.getErrorType()).extensions(extensions).build();
    }
}
