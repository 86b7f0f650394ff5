package tme.api.graphql;

import graphql.ExecutionResult;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.language.Argument;
import graphql.language.ArrayValue;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.IntValue;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeUtil;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tme.api.service.FeedRequest;
import tme.redis.Counters;

/**
 * At most {@code maxFields} fields a query may resolve ({@code GRAPHQL_MAX_FIELDS}), estimated before any field runs:
 * what a query costs the server is what it reads, not only what it loads ({@link CostLimit}). Every field counts one,
 * and the fields below a list count once per item the list may hold: a page's {@code posts} 20 (t.me's page size),
 * {@code previews} one per name given, a feed's {@code result} its {@code limit} (100 unless given) and its
 * {@code errors} one per name, a connection's {@code edges} its {@code first} or {@code last} (20 unless given),
 * every list inside a post (media, entities, buttons, reactions, poll options, labels)
 * {@link #ITEMS}. A fragment counts wherever it is spread, so 90 aliases through one fragment cost 90 times it
 * (graphql-java's own complexity walk counts a fragment's fields once however often it is spread, which is how a
 * query of 6.8 MB passed every limit). Introspection counts one per field asked.
 */
final class FieldEstimate extends SimplePerformantInstrumentation {

    /** Posts on one t.me page (body, more; a post's own page). */
    static final int PAGE_POSTS = 20;
    /** Items of a list inside a post: an album holds at most 10 media, a poll 10 options; the others rarely more. */
    static final int ITEMS = 10;
    /** A feed's posts when no {@code limit} is given, as {@code FeedRequest} defaults it. */
    static final int FEED_LIMIT = FeedRequest.DEFAULT_LIMIT;

    private final int maxFields;
    private final Counters<Count> counts;

    FieldEstimate(int maxFields, Counters<Count> counts) {
        this.maxFields = maxFields;
        this.counts = counts;
    }

    @Override
    public InstrumentationContext<ExecutionResult> beginExecuteOperation(
            InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
        ExecutionContext execution = parameters.getExecutionContext();
        long fields = new Walk(execution).selections(execution.getOperationDefinition().getSelectionSet(),
                execution.getGraphQLSchema().getQueryType());
        if (fields > maxFields) {
            counts.increment(Count.REFUSED_FIELDS);
            throw new LimitExceeded("query_too_expensive", "The query may resolve " + fields
                    + " fields; at most " + maxFields + " are allowed (ask fewer aliases or fields)");
        }
        return null;
    }

    /** One walk over an operation, with its fragments and variables; sums saturate far above any limit. */
    private static final class Walk {

        private static final long CEILING = Long.MAX_VALUE / 4;

        private final ExecutionContext execution;
        // The feed field being walked: its limit and its names, for the lists below it (one walk, one thread).
        private long feedPosts = FEED_LIMIT;
        private long feedNames = 1;
        // The connection being walked (channel.posts): its first or last, for its edges.
        private long connectionPosts = PostConnections.DEFAULT;
        // A fragment's fields on a type, in the feed's context, counted once however often it is spread: 90 aliases
        // through one fragment walk it once, not 90 times.
        private final Map<String, Long> fragments = new HashMap<>();

        Walk(ExecutionContext execution) {
            this.execution = execution;
        }

        /** The fields of {@code set} on {@code type} (null inside introspection: no list sizes there). */
        long selections(SelectionSet set, GraphQLFieldsContainer type) {
            if (set == null) {
                return 0;
            }
            long sum = 0;
            for (Selection<?> selection : set.getSelections()) {
                sum = Math.min(CEILING, sum + selection(selection, type));
            }
            return sum;
        }

        private long selection(Selection<?> selection, GraphQLFieldsContainer type) {
            return switch (selection) {
                case Field field -> field(field, type);
                case FragmentSpread spread -> fragment(execution.getFragment(spread.getName()), type);
                case InlineFragment inline -> selections(inline.getSelectionSet(),
                        inline.getTypeCondition() == null ? type : container(inline.getTypeCondition().getName()));
                default -> 0;
            };
        }

        private long fragment(FragmentDefinition fragment, GraphQLFieldsContainer type) {
            if (fragment == null) {
                return 0;
            }
            String key = fragment.getName() + "@" + feedPosts + "/" + feedNames + "/" + connectionPosts;
            Long known = fragments.get(key);
            if (known == null) {
                known = selections(fragment.getSelectionSet(), container(fragment.getTypeCondition().getName()));
                fragments.put(key, known);
            }
            return known;
        }

        private long field(Field field, GraphQLFieldsContainer type) {
            GraphQLFieldDefinition definition = type == null || field.getName().startsWith("__")
                    ? null : type.getFieldDefinition(field.getName());
            if (definition == null) {
                return 1 + selections(field.getSelectionSet(), null);
            }
            if (field.getName().equals("feed")) {
                // Past MAX_LIMIT the feed field answers its own 422; no need to refuse it for its price.
                feedPosts = Math.clamp(intValue(field, "limit", FEED_LIMIT), 1, FeedRequest.MAX_LIMIT);
                feedNames = Math.max(1, listSize(field, "channels"));
            }
            if (field.getName().equals("posts") && type.getName().equals("ChannelPosts")) {
                // Past MAX the field answers its own error; no need to refuse it for its price.
                connectionPosts = Math.clamp(intValue(field, value(field, "last") != null ? "last" : "first",
                        PostConnections.DEFAULT), 1, PostConnections.MAX);
            }
            GraphQLType below = GraphQLTypeUtil.unwrapAll(definition.getType());
            long children = selections(field.getSelectionSet(),
                    below instanceof GraphQLFieldsContainer container ? container : null);
            return Math.min(CEILING, 1 + children * items(field, type));
        }

        /** How many times the fields below {@code field} may be resolved for one of it. */
        private long items(Field field, GraphQLFieldsContainer parent) {
            return switch (field.getName()) {
                case "posts" -> parent.getName().equals("ChannelPosts") ? 1 : PAGE_POSTS;
                case "edges" -> parent.getName().equals("PostConnection") ? connectionPosts : 1;
                case "previews" -> Math.max(1, listSize(field, "channels"));
                case "result" -> parent.getName().equals("Feed") ? feedPosts : 1;
                case "errors" -> parent.getName().equals("Feed") ? feedNames : 1;
                case "media", "entities", "inline", "reacts", "options", "labels" -> ITEMS;
                default -> 1;
            };
        }

        private int listSize(Field field, String argument) {
            return switch (value(field, argument)) {
                case ArrayValue list -> list.getValues().size();
                case VariableReference variable ->
                        execution.getCoercedVariables().get(variable.getName()) instanceof List<?> list ? list.size() : 1;
                case null, default -> 1;
            };
        }

        private long intValue(Field field, String argument, long fallback) {
            return switch (value(field, argument)) {
                case IntValue number -> number.getValue().longValue();
                case VariableReference variable ->
                        execution.getCoercedVariables().get(variable.getName()) instanceof Integer number ? number : fallback;
                case null, default -> fallback;
            };
        }

        private static Value<?> value(Field field, String argument) {
            for (Argument given : field.getArguments()) {
                if (given.getName().equals(argument)) {
                    return given.getValue();
                }
            }
            return null;
        }

        private GraphQLFieldsContainer container(String name) {
            GraphQLSchema schema = execution.getGraphQLSchema();
            return schema.getType(name) instanceof GraphQLFieldsContainer container ? container : null;
        }
    }
}
