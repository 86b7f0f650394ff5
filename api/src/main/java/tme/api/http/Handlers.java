package tme.api.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tme.api.service.ChannelService;
import tme.api.service.Metrics;
import tme.api.service.PreviewsService;
import tme.api.service.Problem;
import tme.scraper.fetch.Direction;

/** Thin handlers: parse and validate parameters, call a service, write its bytes. */
final class Handlers {

    static final int MAX_PREVIEWS = 100;

    private final ChannelService channels;
    private final PreviewsService previews;
    private final Metrics metrics;
    private final Responses responses;

    Handlers(ChannelService channels, PreviewsService previews, Metrics metrics, Responses responses) {
        this.channels = channels;
        this.previews = previews;
        this.metrics = metrics;
        this.responses = responses;
    }

    void healthz(RoutingContext ctx) {
        Responses.json(ctx, "{\"status\":\"ok\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Every counter as one flat JSON object ({@code {"cache.l1.hits":12,...}}); never cached by the edge. */
    void metrics(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        Responses.json(ctx, new JsonObject(new LinkedHashMap<>(metrics.snapshot())).toBuffer().getBytes());
    }

    void body(RoutingContext ctx) {
        String channel = Params.channel("channel", ctx.pathParam("channel"));
        int position = Params.optionalPosition("position", ctx.queryParams().get("position"));
        responses.send(ctx, channels.body(channel, position));
    }

    void more(RoutingContext ctx) {
        String channel = Params.channel("channel", ctx.pathParam("channel"));
        Direction direction = direction(ctx.pathParam("direction"));
        int position = Params.position("position", ctx.pathParam("position"));
        responses.send(ctx, channels.more(channel, direction, position));
    }

    void post(RoutingContext ctx) {
        String channel = Params.channel("channel", ctx.pathParam("channel"));
        int id = Params.position("id", ctx.pathParam("id"));
        responses.send(ctx, channels.post(channel, id));
    }

    void preview(RoutingContext ctx) {
        String channel = Params.channel("channel", ctx.pathParam("channel"));
        responses.send(ctx, channels.preview(channel));
    }

    void previews(RoutingContext ctx) {
        List<PreviewsService.Entry> entries = previewEntries(ctx);
        Responses.onRequestLoop(previews.previews(entries), result -> {
            if (result.failed()) {
                ctx.fail(result.cause());
            } else {
                Responses.json(ctx, result.result());
            }
        });
    }

    private static Direction direction(String raw) {
        for (Direction direction : Direction.values()) {
            if (direction.query().equals(raw)) {
                return direction;
            }
        }
        throw new Params.Invalid(Problem.invalid("direction", "direction must be before or after: \"" + raw + "\""));
    }

    /**
     * {@code {"channels":[...]}} with 1-100 strings. Names are trimmed and lower-cased, duplicates dropped keeping
     * order; an invalid name becomes an entry with its own 422 problem rather than failing the batch.
     */
    private static List<PreviewsService.Entry> previewEntries(RoutingContext ctx) {
        JsonArray names = channelsArray(ctx);
        Set<String> seen = new LinkedHashSet<>();
        List<PreviewsService.Entry> entries = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (!(names.getValue(i) instanceof String raw)) {
                throw new Params.Invalid(Problem.invalid("channels[" + i + "]", "channels[" + i + "] must be a string"));
            }
            String trimmed = raw.trim();
            String key = trimmed.toLowerCase(Locale.ROOT);
            if (!seen.add(key)) {
                continue;
            }
            try {
                entries.add(new PreviewsService.Entry(Params.channel("channels[" + i + "]", trimmed), null));
            } catch (Params.Invalid invalid) {
                entries.add(new PreviewsService.Entry(trimmed, invalid.problem()));
            }
        }
        return entries;
    }

    private static JsonArray channelsArray(RoutingContext ctx) {
        Object body;
        try {
            body = ctx.body().buffer() == null ? null : io.vertx.core.json.Json.decodeValue(ctx.body().buffer());
        } catch (DecodeException e) {
            throw new Params.Invalid(Problem.invalid("body", "body must be JSON: {\"channels\":[\"durov\", ...]}"));
        }
        if (!(body instanceof JsonObject object)) {
            throw new Params.Invalid(Problem.invalid("body", "body must be a JSON object: {\"channels\":[\"durov\", ...]}"));
        }
        if (!(object.getValue("channels") instanceof JsonArray names)) {
            throw new Params.Invalid(Problem.invalid("channels", "channels must be an array of channel names"));
        }
        if (names.isEmpty() || names.size() > MAX_PREVIEWS) {
            throw new Params.Invalid(Problem.invalid("channels",
                    "channels must hold 1 to " + MAX_PREVIEWS + " names: got " + names.size()));
        }
        return names;
    }
}
