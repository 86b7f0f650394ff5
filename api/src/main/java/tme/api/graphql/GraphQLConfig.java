package tme.api.graphql;

/**
 * The GraphQL front end's settings; every limit is checked before any field runs, so before any t.me request.
 *
 * @param maxDepth   levels of fields a query may ask for ({@code GRAPHQL_MAX_DEPTH})
 * @param maxCost    t.me page loads a query may cause on a cold cache ({@code GRAPHQL_MAX_COST}): one per
 *                   {@code body}, {@code more}, {@code post}, {@code preview}, one per name of {@code previews}
 *                   and of {@code feed}
 * @param maxTokens  grammar tokens a query may have ({@code GRAPHQL_MAX_TOKENS}), the parser's own size limit
 * @param graphiql   whether GraphiQL is served at {@code /graphiql} ({@code GRAPHIQL})
 * @param decodedMb  memory for decoded copies of stored answers ({@code MEMORY_CACHE_DECODED_MB}; 0 decodes per read)
 */
public record GraphQLConfig(int maxDepth, int maxCost, int maxTokens, boolean graphiql, int decodedMb) {

    /** The schema's deepest field is 7 levels down; one more for room, none for abuse. */
    public static final int DEFAULT_MAX_DEPTH = 8;
    /** As many loads as one {@code /v1/previews} request may cause (100 names). */
    public static final int DEFAULT_MAX_COST = 100;
    /**
     * A hundred aliased {@code preview} fields fit (13 tokens each with a field or two), and so does GraphiQL's
     * introspection query (160); graphql-java's own default, 15,000, is far past any real query here.
     */
    public static final int DEFAULT_MAX_TOKENS = 2_000;
    public static final int DEFAULT_DECODED_MB = 64;

    public static GraphQLConfig defaults() {
        return new GraphQLConfig(DEFAULT_MAX_DEPTH, DEFAULT_MAX_COST, DEFAULT_MAX_TOKENS, true, DEFAULT_DECODED_MB);
    }
}
