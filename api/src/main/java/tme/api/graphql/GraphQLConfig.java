package tme.api.graphql;

import java.time.Duration;

/**
 * The GraphQL front end's settings; every limit on the query's shape is checked before any field runs, so before any
 * t.me request.
 *
 * @param maxDepth         levels of fields a query may ask for ({@code GRAPHQL_MAX_DEPTH})
 * @param maxCost          t.me page loads a query may cause on a cold cache ({@code GRAPHQL_MAX_COST}): one per
 *                         {@code body}, {@code more}, {@code post}, {@code preview}, one per name of {@code previews}
 *                         and of {@code feed}
 * @param maxTokens        grammar tokens a query may have ({@code GRAPHQL_MAX_TOKENS}), the parser's own size limit
 * @param graphiql         whether GraphiQL is served at {@code /graphiql} ({@code GRAPHIQL})
 * @param decodedMb        memory for decoded copies of stored answers ({@code MEMORY_CACHE_DECODED_MB}; 0 decodes per
 *                         read)
 * @param concurrency      threads that parse, validate, execute and encode queries ({@code GRAPHQL_CONCURRENCY})
 * @param queueLimit       queries waiting for one of them at most; past it a fast 503 ({@code GRAPHQL_QUEUE_LIMIT})
 * @param timeout          how long a query may take, its wait for a thread included ({@code GRAPHQL_TIMEOUT})
 * @param maxFields        fields a query may resolve by its estimate ({@code GRAPHQL_MAX_FIELDS}, {@link FieldEstimate})
 * @param maxResponseBytes bytes an answer may have ({@code GRAPHQL_MAX_RESPONSE_BYTES})
 */
public record GraphQLConfig(int maxDepth, int maxCost, int maxTokens, boolean graphiql, int decodedMb,
                            int concurrency, int queueLimit, Duration timeout, int maxFields, long maxResponseBytes) {

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
    /**
     * Queries waiting for a thread: a few hundred milliseconds of work on one thread for queries of a real
     * client's size; anything more waits longer than a client would.
     */
    public static final int DEFAULT_QUEUE_LIMIT = 64;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * Fields by {@link FieldEstimate}: a whole page through every field is 7,344 (the body, its channel's 21 fields,
     * 20 posts of 366, the paging cursors), a post of a feed 384; so ten aliased pages (73,440), a feed of 100
     * channels (38,803 at its default limit, 192,403 at its largest, 500) and 100 previews (801) fit; 34 whole pages
     * (249,696) are the most that do, and 90 (660,960) are refused before they run.
     */
    public static final int DEFAULT_MAX_FIELDS = 250_000;
    /**
     * An answer's bytes: ten whole pages of durov's are 0.76 MB, the largest feed about 2.5 MB; 8 MiB is three times
     * that, and bounds the buffer one query may hold.
     */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 8L * 1024 * 1024;

    /** The settings before the executor's and the price's were added: those at their defaults. */
    public GraphQLConfig(int maxDepth, int maxCost, int maxTokens, boolean graphiql, int decodedMb) {
        this(maxDepth, maxCost, maxTokens, graphiql, decodedMb, defaultConcurrency(), DEFAULT_QUEUE_LIMIT,
                DEFAULT_TIMEOUT, DEFAULT_MAX_FIELDS, DEFAULT_MAX_RESPONSE_BYTES);
    }

    public GraphQLConfig {
        if (concurrency < 1 || queueLimit < 1 || !timeout.isPositive() || maxFields < 1 || maxResponseBytes < 1) {
            throw new IllegalArgumentException("GraphQL execution settings out of range: GRAPHQL_CONCURRENCY "
                    + concurrency + ", GRAPHQL_QUEUE_LIMIT " + queueLimit + ", GRAPHQL_TIMEOUT " + timeout
                    + ", GRAPHQL_MAX_FIELDS " + maxFields + ", GRAPHQL_MAX_RESPONSE_BYTES " + maxResponseBytes);
        }
    }

    /** Half the cores, at least one: the other half stays with the event loops, which answer every hit. */
    public static int defaultConcurrency() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    public static GraphQLConfig defaults() {
        return new GraphQLConfig(DEFAULT_MAX_DEPTH, DEFAULT_MAX_COST, DEFAULT_MAX_TOKENS, true, DEFAULT_DECODED_MB);
    }
}
