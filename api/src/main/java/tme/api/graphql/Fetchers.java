package tme.api.graphql;

import graphql.GraphQLError;
import graphql.execution.DataFetcherResult;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.dataloader.DataLoader;
import tme.api.problem.Problem;
import tme.api.render.DecodedCopies;
import tme.api.service.Answer;
import tme.api.service.ChannelName;
import tme.api.service.ChannelNames;
import tme.api.service.ChannelService;
import tme.api.service.Directions;
import tme.api.service.FeedFilters;
import tme.api.service.FeedFormat;
import tme.api.service.FeedRequest;
import tme.api.service.FeedService;
import tme.api.service.Position;
import tme.api.service.PostId;
import tme.api.service.SearchQuery;
import tme.coalescing.Asker;

/**
 * The root fields, each calling the same service as its REST route, with the query's flow: arguments become the
 * services' input types (a bad one throws, and {@link FetcherFailures} makes it this field's 422), the answer comes
 * from the same cache entry REST serves, read in its decoded form. Fields below the root read the decoded JSON
 * with GraphQL's default fetchers ({@code map.get(fieldName)}). Previews go through the query's DataLoader, so
 * {@code previews} and every {@code preview} of one query load as one batch.
 */
final class Fetchers {

    private final ChannelService channels;
    private final FeedService feeds;
    private final DecodedCopies decoded;

    Fetchers(ChannelService channels, FeedService feeds, DecodedCopies decoded) {
        this.channels = channels;
        this.feeds = feeds;
        this.decoded = decoded;
    }

    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> body() {
        return env -> {
            Integer position = env.getArgument("position");
            return answered(env, channels.body(channel(env),
                    position == null ? Position.LATEST : Position.of("position", position), asker(env)));
        };
    }

    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> more() {
        return env -> answered(env, channels.more(channel(env), Directions.parse("direction", env.getArgument("direction")),
                Position.of("position", env.<Integer>getArgument("position")), asker(env)));
    }

    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> post() {
        return env -> answered(env, channels.post(channel(env), PostId.of("id", env.<Integer>getArgument("id")),
                asker(env)));
    }

    /** The same search as {@code GET /v1/search/{channel}}: the same entry, read in its decoded form. */
    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> search() {
        return env -> {
            Integer before = env.getArgument("before");
            return answered(env, channels.search(channel(env), SearchQuery.parse("q", env.getArgument("q")),
                    before == null ? Position.LATEST : Position.of("before", before), asker(env)));
        };
    }

    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> preview() {
        return env -> previewLoader(env).load(channel(env)).thenCompose(answer -> answered(env, answer));
    }

    /** One entry per name given, in order: a failed channel is null with its error at its index. */
    DataFetcher<CompletableFuture<DataFetcherResult<List<Object>>>> previews() {
        return env -> {
            List<ChannelName> names = ChannelNames.parse("channels", env.<List<String>>getArgument("channels"));
            return previewLoader(env).loadMany(names).thenCompose(answers -> entries(env, names, answers));
        };
    }

    /** The same feed as {@code POST /v1/feed}: the same request, cache entry and build, read in its decoded form. */
    DataFetcher<CompletableFuture<DataFetcherResult<Object>>> feed() {
        return env -> answered(env, feeds.feed(FeedRequest.of(env.<List<String>>getArgument("channels"),
                env.getArgument("limit"), FeedFormat.JSON, "", FeedFilters.of(env::getArgument))
                .deep(env.getArgument("pages"), feeds.maxPages()), asker(env)));
    }

    private CompletableFuture<DataFetcherResult<Object>> answered(DataFetchingEnvironment env, Future<Answer> answer) {
        return answer.toCompletionStage().toCompletableFuture().thenCompose(done -> answered(env, done));
    }

    /** The decoded answer as the field's value, or its problem as the field's error. */
    private CompletionStage<DataFetcherResult<Object>> answered(DataFetchingEnvironment env, Answer answer) {
        QueryState.of(env).reads().read(answer);
        return switch (answer) {
            case Answer.Cached ok when ok.status() == 200 -> decoded.of(ok.stored())
                    .map(tree -> DataFetcherResult.newResult().data(tree).build())
                    .toCompletionStage();
            case Answer.Cached notFound -> failed(env, notFound.notFound());
            case Answer.Failure failure -> failed(env, failure.problem());
        };
    }

    private CompletionStage<DataFetcherResult<List<Object>>> entries(DataFetchingEnvironment env,
                                                                     List<ChannelName> names, List<Answer> answers) {
        Object[] values = new Object[names.size()];
        List<GraphQLError> errors = new ArrayList<>();
        List<Future<?>> decoding = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Answer answer = answers.get(i);
            QueryState.of(env).reads().read(answer);
            int index = i;
            switch (answer) {
                case Answer.Cached ok when ok.status() == 200 ->
                        decoding.add(decoded.of(ok.stored()).onSuccess(tree -> values[index] = tree));
                case Answer.Cached notFound -> errors.add(Errors.ofItem(env, i, names.get(i).value(), notFound.notFound()));
                case Answer.Failure failure -> errors.add(Errors.ofItem(env, i, names.get(i).value(), failure.problem()));
            }
        }
        return Future.all(decoding)
                .map(all -> DataFetcherResult.<List<Object>>newResult().data(Arrays.asList(values)).errors(errors).build())
                .toCompletionStage();
    }

    private static CompletionStage<DataFetcherResult<Object>> failed(DataFetchingEnvironment env, Problem problem) {
        return CompletableFuture.completedFuture(DataFetcherResult.newResult().error(Errors.of(env, problem)).build());
    }

    private static DataLoader<ChannelName, Answer> previewLoader(DataFetchingEnvironment env) {
        return env.getDataLoader(PreviewBatches.NAME);
    }

    private static ChannelName channel(DataFetchingEnvironment env) {
        return ChannelName.parse("channel", env.getArgument("channel"));
    }

    private static Asker asker(DataFetchingEnvironment env) {
        return QueryState.of(env).asker();
    }
}
