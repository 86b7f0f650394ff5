package tme.api.graphql;

import graphql.analysis.FieldComplexityCalculator;
import graphql.analysis.FieldComplexityEnvironment;
import graphql.analysis.MaxQueryComplexityInstrumentation;
import graphql.execution.AbortExecutionException;
import java.util.List;
import tme.api.service.FeedRequest;
import tme.redis.Counters;

/**
 * At most {@code maxCost} t.me page loads per query ({@code GRAPHQL_MAX_COST}), counted before any field runs. A
 * query's cost is its upstream fan-out: each {@code body}, {@code post}, {@code more}, {@code preview} and
 * {@code search} field may load one page, {@code previews} one per name given, {@code feed} one per name and page
 * asked (a cold feed loads each channel's latest page and {@code pages - 1} before it), and
 * {@code channel(name:) { posts }} the pages its {@code first} or {@code last} may need; nothing else below the root
 * costs anything (it reads the same stored answer), nor does introspection. A load answered from the cache costs
 * nothing in fact: the count is what the query could cost on a cold cache, the only bound that holds before it runs.
 */
final class CostLimit extends MaxQueryComplexityInstrumentation {

    private final Counters<Count> counts;

    CostLimit(int maxCost, Counters<Count> counts) {
        super(maxCost, new FanOut());
        this.counts = counts;
    }

    @Override
    protected AbortExecutionException mkAbortException(int cost, int maxCost) {
        counts.increment(Count.REFUSED_COST);
        return new LimitExceeded("query_too_costly",
                "The query may load " + cost + " pages from t.me; at most " + maxCost + " are allowed");
    }

    /** Pages a field may load from t.me: only root fields load. */
    static final class FanOut implements FieldComplexityCalculator {

        @Override
        public int calculate(FieldComplexityEnvironment field, int childCost) {
            if (field.getParentEnvironment() != null) {
                return connection(field) + childCost;
            }
            return switch (field.getFieldDefinition().getName()) {
                case "body", "more", "post", "preview", "search" -> 1;
                case "previews" -> names(field);
                // Each channel's latest page and the pages=N-1 before it. Past FEED_MAX_PAGES the field answers its
                // own 422; clamped here only so that a huge number is not priced as one.
                case "feed" -> names(field) * (field.getArguments().get("pages") instanceof Integer pages
                        ? Math.clamp(pages, 1, FeedRequest.MOST_PAGES) : 1);
                default -> childCost; // channel: what its connection may load
            };
        }

        private static int names(FieldComplexityEnvironment field) {
            return field.getArguments().get("channels") instanceof List<?> names ? names.size() : 0;
        }

        /** A connection's pages ({@code channel.posts}): those its {@code first} or {@code last} posts may need. */
        private static int connection(FieldComplexityEnvironment field) {
            if (!field.getFieldDefinition().getName().equals("posts")
                    || !field.getParentEnvironment().getFieldDefinition().getName().equals("channel")) {
                return 0;
            }
            Object size = field.getArguments().get(field.getArguments().get("last") != null ? "last" : "first");
            int posts = size instanceof Integer given ? Math.clamp(given, 1, PostConnections.MAX) : PostConnections.DEFAULT;
            return PostConnections.pages(posts);
        }
    }
}
