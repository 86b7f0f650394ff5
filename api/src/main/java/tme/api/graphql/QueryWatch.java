package tme.api.graphql;

import graphql.execution.AbortExecutionException;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldParameters;
import graphql.schema.DataFetcher;
import io.vertx.core.Context;
import java.util.concurrent.CompletionStage;
import tme.redis.Counters;

/**
 * Keeps a query's work on the query threads and within its run: every fetcher that answers a future (the root
 * fields, which wait for loads) is resumed on a query thread ({@link QueryThreads#resume}), so the fields below it
 * never run on the event loop that completed the load; every field is counted, those found on an event loop apart
 * ({@code graphql.fields_on_loop}: a bug if ever above 0); and a query already answered (past its deadline) stops
 * at its next field.
 */
final class QueryWatch extends SimplePerformantInstrumentation {

    private final QueryThreads threads;
    private final Counters<Count> counts;

    QueryWatch(QueryThreads threads, Counters<Count> counts) {
        this.threads = threads;
        this.counts = counts;
    }

    @Override
    public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> fetcher, InstrumentationFieldFetchParameters parameters,
                                                InstrumentationState state) {
        if (parameters.isTrivialDataFetcher()) {
            return fetcher; // reads a field of a decoded map: nothing to wait for
        }
        return env -> {
            Object value = fetcher.get(env);
            return value instanceof CompletionStage<?> pending ? threads.resume(pending) : value;
        };
    }

    @Override
    public InstrumentationContext<Object> beginFieldExecution(InstrumentationFieldParameters parameters,
                                                              InstrumentationState state) {
        counts.increment(Count.FIELDS);
        if (Context.isOnEventLoopThread()) {
            counts.increment(Count.FIELDS_ON_LOOP);
        }
        QueryState query = parameters.getExecutionContext().getGraphQLContext().get(QueryState.class);
        if (query != null && query.run().ended()) {
            throw new AbortExecutionException("the query was answered already (its deadline passed)");
        }
        return null;
    }
}
