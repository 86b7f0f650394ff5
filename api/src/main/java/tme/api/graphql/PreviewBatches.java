package tme.api.graphql;

import org.dataloader.BatchLoader;
import org.dataloader.DataLoader;
import org.dataloader.DataLoaderFactory;
import org.dataloader.DataLoaderRegistry;
import tme.api.service.Answer;
import tme.api.service.ChannelName;
import tme.api.service.PreviewsService;
import tme.coalescing.Asker;
import tme.redis.Counters;

/**
 * The previews of one query, loaded as one batch: a DataLoader per request collects every {@code preview} field and
 * every name of {@code previews} that GraphQL resolves in one level, and hands them to {@link PreviewsService} at
 * once, as one flow with its bounded parallelism (as {@code /v1/previews} does). A name asked twice is loaded once.
 */
final class PreviewBatches {

    /** The DataLoader's name in the request's registry. */
    static final String NAME = "previews";

    private final PreviewsService previews;
    private final Counters<Count> counts;

    PreviewBatches(PreviewsService previews, Counters<Count> counts) {
        this.previews = previews;
        this.counts = counts;
    }

    /** A new registry for one request, its previews' loads charged to {@code asker}. */
    DataLoaderRegistry forRequest(Asker asker) {
        BatchLoader<ChannelName, Answer> batch = names -> {
            counts.increment(Count.PREVIEW_BATCHES);
            return previews.previews(names, asker).toCompletionStage();
        };
        DataLoader<ChannelName, Answer> loader = DataLoaderFactory.newDataLoader(NAME, batch);
        return DataLoaderRegistry.newRegistry().register(NAME, loader).build();
    }
}
