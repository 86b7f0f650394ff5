/**
 * The use cases every front end calls (REST handlers, GraphQL fetchers): read a channel's pages, posts and previews
 * through the cache, loading from t.me once per key (parse, render and compress on the worker pool), and feeds of
 * many channels ({@link tme.api.service.FeedService}), built once per normalised request from the same latest-page
 * entries (and, {@code pages} deep, the {@code /v1/more} entries before them: {@link tme.api.service.OlderPages});
 * the refresher's refresh of a channel ({@link tme.api.service.ChannelRefresh}). Inputs arrive
 * as value types that validated themselves ({@link tme.api.service.ChannelName}, {@link tme.api.service.Position},
 * {@link tme.api.service.PostId}, {@link tme.api.service.Directions}, {@link tme.api.service.ChannelNames},
 * {@link tme.api.service.FeedRequest}, {@link tme.api.service.FeedFormat}, {@link tme.api.service.FeedFilters},
 * {@link tme.api.service.SearchQuery}); a search inside a channel is one more of the channel's reads
 * ({@link tme.api.service.ChannelService#search});
 * every read takes who asked ({@link tme.coalescing.Asker}, required: the client its loads are charged to);
 * outcomes are values, and {@link tme.api.problem.Problem} decides every error status.
 */
package tme.api.service;
