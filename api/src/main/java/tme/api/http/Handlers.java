package tme.api.http;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.query.FeedQuery;
import tme.api.render.PreviewsJson;
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
import tme.api.service.PreviewsService;
import tme.api.service.SearchQuery;
import tme.coalescing.Asker;

/**
 * Thin handlers: read parameters into the services' input types (which validate themselves), call a service,
 * write its answer.
 */
final class Handlers implements HitsAhead.Feeds {

    private final ChannelService channels;
    private final PreviewsService previews;
    private final FeedService feeds;
    private final Responses responses;
    // Who asks, as the upstream gate knows them (ClientAddresses, an IPv6 client by its /64).
    private final Function<RoutingContext, String> clients;
    private final ResolvedFeeds resolved = new ResolvedFeeds();

    Handlers(ChannelService channels, PreviewsService previews, FeedService feeds, Responses responses,
             Function<RoutingContext, String> clients) {
        this.clients = clients;
        this.channels = channels;
        this.previews = previews;
        this.feeds = feeds;
        this.responses = responses;
    }

    /** A route's handler: {@code read}'s answer to the request's parameters, written by {@link Responses}. */
    Handler<RoutingContext> send(StoredRead read) {
        return ctx -> responses.send(ctx, read.answer(StoredRead.Params.of(ctx, clients)));
    }

    Future<Answer> body(StoredRead.Params params) {
        ChannelName channel = channel(params);
        return channels.body(channel, Position.optional("position", params.query("position")), asker(params, channel));
    }

    Future<Answer> more(StoredRead.Params params) {
        ChannelName channel = channel(params);
        return channels.more(channel, Directions.parse("direction", params.path("direction")),
                Position.parse("position", params.path("position")), asker(params, channel));
    }

    Future<Answer> post(StoredRead.Params params) {
        ChannelName channel = channel(params);
        return channels.post(channel, PostId.parse("id", params.path("id")), asker(params, channel));
    }

    /** {@code GET /v1/search/{channel}?q=...&before=N}: t.me's search inside the channel, as {@code /v1/body} answers. */
    void search(RoutingContext ctx) {
        ChannelName channel = channel(ctx.pathParam("channel"));
        responses.send(ctx, channels.search(channel, SearchQuery.parse("q", ctx.queryParams().get("q")),
                Position.optional("before", ctx.queryParams().get("before")),
                Asker.of(clients.apply(ctx), channel.value())));
    }

    Future<Answer> preview(StoredRead.Params params) {
        ChannelName channel = channel(params);
        return channels.preview(channel, asker(params, channel));
    }

    /**
     * {@code {"channels":[...]}}: 1-100 valid names, or a 422 naming the first bad one. The answer is keyed by the
     * lower-cased name, so duplicates (case-insensitively) are loaded and written once, in first-seen order.
     */
    void previews(RoutingContext ctx) {
        List<ChannelName> names = ChannelNames.parse("channels", channelsArray(ctx).getList())
                .stream().distinct().toList();
        Future<byte[]> answer = previews.previews(names, Asker.forRequest(clients.apply(ctx), "previews")).map(answers -> PreviewsJson.bytes(entries(names, answers)));
        Responses.onRequestLoop(answer, result -> {
            if (result.failed()) {
                ctx.fail(result.cause());
            } else {
                Responses.json(ctx, result.result());
            }
        });
    }

    /**
     * {@code GET /v1/feed?channels=a,b,c&limit=N&pages=N&format=json|atom|rss|jsonfeed}: the feed as JSON or for feed
     * readers, with its ETag and freshness like every GET answer; the filter parameters keep what a reader wants.
     */
    void feed(RoutingContext ctx) {
        Optional<FeedFormat> wanted = FeedAccept.readerFormat(ctx.request().getHeader(HttpHeaders.ACCEPT));
        if (wanted.isPresent() && ctx.queryParams().get("format") == null) {
            // Negotiated by Accept: a reader format moves to its own URL, so no cache keyed by URL alone (the edge)
            // ever holds a reader's answer where JSON clients read, nor the reverse. Never resolved: every time.
            ctx.response().putHeader(HttpHeaders.VARY, "Accept");
            seeOther(ctx, ctx.request().uri() + (ctx.request().query() == null ? "?" : "&") + "format="
                    + wanted.get().wireName());
            return;
        }
        sendFeed(ctx, origin -> {
            String asked = ctx.queryParams().get("format");
            return feedOf(ctx, origin, FeedQuery.names(ctx.queryParams().getAll("channels")),
                    ctx.queryParams().get("limit"), ctx.queryParams().get("pages"), FeedFormat.parse("format", asked),
                    name -> FeedQuery.value(ctx.queryParams().getAll(name)), asked == null, null);
        });
    }

    /**
     * Sends the feed a request resolves to, worked out by {@code resolve} from the request's origin the first time
     * ({@link ResolvedFeeds}; a bad request throws, answered by the router's failure handler).
     */
    void sendFeed(RoutingContext ctx, Function<String, ResolvedFeeds.Resolved> resolve) {
        ResolvedFeeds.Resolved feed = resolved.of(ctx.request(),
                () -> resolve.apply(FeedQuery.origin(ctx.request())));
        sendFeed(ctx.request(), feed, clients.apply(ctx), bug -> {
            if (!ctx.failed()) {
                ctx.fail(bug);
            }
        });
    }

    @Override
    public ResolvedFeeds.Resolved resolvedBefore(HttpServerRequest request) {
        return resolved.before(request);
    }

    @Override
    public void sendFeed(HttpServerRequest request, ResolvedFeeds.Resolved feed, String client,
                         Handler<Throwable> fail) {
        if (feed.varyAccept()) {
            request.response().putHeader(HttpHeaders.VARY, "Accept");
        }
        if (feed.ignored() != null) {
            request.response().putHeader(FeedUrls.IGNORED, feed.ignored());
        }
        responses.send(request, feeds.feed(feed.request(), Asker.forRequest(client, "feed")), feed.contentType(), true,
                fail);
    }

    /**
     * The feed of {@code names} as {@code format}, {@code pages} deep, cacheable like every GET answer:
     * {@code /v1/feed}'s, and the same feed at the URLs people guess ({@link FeedUrls}); {@code filters} gives the
     * filter parameters' values. Throws {@link tme.api.problem.InvalidInput} for a bad part.
     */
    ResolvedFeeds.Resolved feedOf(RoutingContext ctx, String origin, List<String> names, Object limit, Object pages,
                                  FeedFormat format, Function<String, Object> filters, boolean varyAccept,
                                  String ignored) {
        FeedRequest request = FeedRequest.of(names, limit, format, origin, FeedFilters.of(filters))
                .deep(pages, feeds.maxPages());
        return new ResolvedFeeds.Resolved(request, FeedQuery.contentType(format), varyAccept, ignored,
                ctx.currentRoute().getPath());
    }

    /** How many feed requests were worked out rather than found resolved ({@code http.feeds.resolved}). */
    long feedsResolved() {
        return resolved.workedOut();
    }

    private static void seeOther(RoutingContext ctx, String location) {
        ctx.response().setStatusCode(303).putHeader(HttpHeaders.LOCATION, location)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store").end();
    }

    /** {@code POST /v1/feed} with {@code {"channels":[...],"limit":N,"pages":N}}: the same JSON answer, {@code no-store}. */
    void feedPost(RoutingContext ctx) {
        JsonObject body = FeedBody.checked(jsonBody(ctx));
        FeedRequest request = FeedRequest.of(channelsArray(body).getList(), body.getValue("limit"), FeedFormat.JSON, "",
                FeedFilters.of(name -> FeedQuery.value(body.getValue(name)))).deep(body.getValue("pages"),
                feeds.maxPages());
        responses.send(ctx, feeds.feed(request, Asker.forRequest(clients.apply(ctx), "feed")), FeedQuery.contentType(FeedFormat.JSON), false);
    }

    /** Who asks for one channel's read: the request's client, worked out only for a load, in the channel's flow. */
    private static Asker asker(StoredRead.Params params, ChannelName channel) {
        return Asker.lazily(params::client, channel.value());
    }

    private static ChannelName channel(StoredRead.Params params) {
        return channel(params.path("channel"));
    }

    private static ChannelName channel(String name) {
        return ChannelName.parse("channel", name);
    }

    /** Each channel's stored preview as it is, or the problem in its place (a cached "not found" included). */
    private static List<PreviewsJson.Entry> entries(List<ChannelName> names, List<Answer> answers) {
        List<PreviewsJson.Entry> entries = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).value();
            entries.add(switch (answers.get(i)) {
                case Answer.Cached ok when ok.status() == 200 -> new PreviewsJson.Entry(name, ok.stored().raw(), null);
                case Answer.Cached notFound -> new PreviewsJson.Entry(name, null, notFound.notFound());
                case Answer.Failure failure -> new PreviewsJson.Entry(name, null, failure.problem());
            });
        }
        return entries;
    }

    /** The body's {@code channels} array; the body must be a JSON object holding one. */
    private static JsonArray channelsArray(RoutingContext ctx) {
        return channelsArray(jsonBody(ctx));
    }

    private static JsonArray channelsArray(JsonObject object) {
        if (!(object.getValue("channels") instanceof JsonArray names)) {
            throw new InvalidInput(Problem.invalid("channels", "channels must be an array of channel names"));
        }
        return names;
    }

    /** The body as a JSON object, or a 422 naming {@code body}. */
    private static JsonObject jsonBody(RoutingContext ctx) {
        Object body;
        try {
            body = ctx.body().buffer() == null ? null : io.vertx.core.json.Json.decodeValue(ctx.body().buffer());
        } catch (DecodeException e) {
            throw new InvalidInput(Problem.invalid("body", "body must be JSON: {\"channels\":[\"durov\", ...]}"));
        }
        if (!(body instanceof JsonObject object)) {
            throw new InvalidInput(Problem.invalid("body", "body must be a JSON object: {\"channels\":[\"durov\", ...]}"));
        }
        return object;
    }
}
