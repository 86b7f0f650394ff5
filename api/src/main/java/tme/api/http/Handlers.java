package tme.api.http;

import io.vertx.core.Future;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.render.PreviewsJson;
import tme.api.service.Answer;
import tme.api.service.ChannelName;
import tme.api.service.ChannelNames;
import tme.api.service.ChannelService;
import tme.api.service.Directions;
import tme.api.service.FeedFormat;
import tme.api.service.FeedRequest;
import tme.api.service.FeedService;
import tme.api.service.Position;
import tme.api.service.PostId;
import tme.api.service.PreviewsService;

/**
 * Thin handlers: read parameters into the services' input types (which validate themselves), call a service,
 * write its answer.
 */
final class Handlers {

    private final ChannelService channels;
    private final PreviewsService previews;
    private final FeedService feeds;
    private final Responses responses;

    Handlers(ChannelService channels, PreviewsService previews, FeedService feeds, Responses responses) {
        this.channels = channels;
        this.previews = previews;
        this.feeds = feeds;
        this.responses = responses;
    }

    void body(RoutingContext ctx) {
        responses.send(ctx, channels.body(channel(ctx),
                Position.optional("position", ctx.queryParams().get("position"))));
    }

    void more(RoutingContext ctx) {
        responses.send(ctx, channels.more(channel(ctx), Directions.parse("direction", ctx.pathParam("direction")),
                Position.parse("position", ctx.pathParam("position"))));
    }

    void post(RoutingContext ctx) {
        responses.send(ctx, channels.post(channel(ctx), PostId.parse("id", ctx.pathParam("id"))));
    }

    void preview(RoutingContext ctx) {
        responses.send(ctx, channels.preview(channel(ctx)));
    }

    /**
     * {@code {"channels":[...]}}: 1-100 valid names, or a 422 naming the first bad one. The answer is keyed by the
     * lower-cased name, so duplicates (case-insensitively) are loaded and written once, in first-seen order.
     */
    void previews(RoutingContext ctx) {
        List<ChannelName> names = ChannelNames.parse("channels", channelsArray(ctx).getList())
                .stream().distinct().toList();
        Future<byte[]> answer = previews.previews(names).map(answers -> PreviewsJson.bytes(entries(names, answers)));
        Responses.onRequestLoop(answer, result -> {
            if (result.failed()) {
                ctx.fail(result.cause());
            } else {
                Responses.json(ctx, result.result());
            }
        });
    }

    /**
     * {@code GET /v1/feed?channels=a,b,c&limit=N&format=json|atom|rss|jsonfeed}: the feed as JSON or for feed
     * readers, with its ETag and freshness like every GET answer.
     */
    void feed(RoutingContext ctx) {
        FeedFormat format = FeedFormat.parse("format", ctx.queryParams().get("format"));
        FeedRequest request = FeedRequest.of(FeedQuery.names(ctx.queryParams().getAll("channels")),
                ctx.queryParams().get("limit"), format, FeedQuery.origin(ctx.request()));
        responses.send(ctx, feeds.feed(request), FeedQuery.contentType(format), true);
    }

    /** {@code POST /v1/feed} with {@code {"channels":[...],"limit":N}}: the same JSON answer, {@code no-store}. */
    void feedPost(RoutingContext ctx) {
        JsonObject body = jsonBody(ctx);
        FeedRequest request = FeedRequest.of(channelsArray(body).getList(), body.getValue("limit"), FeedFormat.JSON, "");
        responses.send(ctx, feeds.feed(request), FeedQuery.contentType(FeedFormat.JSON), false);
    }

    private static ChannelName channel(RoutingContext ctx) {
        return ChannelName.parse("channel", ctx.pathParam("channel"));
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
