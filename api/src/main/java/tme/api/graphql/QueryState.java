package tme.api.graphql;

import graphql.schema.DataFetchingEnvironment;
import tme.coalescing.Asker;

/**
 * One GraphQL request's own state, carried in its {@code GraphQLContext}: the flow its loads belong to at the
 * upstream gate (the whole query is one flow, as a whole {@code /v1/previews} request is), what it read, and its run.
 *
 * @param asker who asked, in the query's flow, shared by every field's loads (the gate shares its turns and budget
 *              between clients; a load joined is not charged)
 * @param reads what its fields read, for the answer's {@code Cache-Control}
 * @param run   whether it was answered already
 */
record QueryState(Asker asker, QueryReads reads, QueryRun run) {

    static QueryState of(DataFetchingEnvironment env) {
        return env.getGraphQlContext().get(QueryState.class);
    }
}
