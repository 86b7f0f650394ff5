package tme.api.http;

import io.vertx.ext.web.RoutingContext;
import java.util.Arrays;
import java.util.List;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.query.FeedQuery;
import tme.api.service.ChannelName;
import tme.api.service.FeedFormat;

/**
 * The feed at the URLs people guess, each the same feed {@code /v1/feed} writes: {@code /feeds/<name>.atom|.rss|.json}
 * ({@code <a>+<b>+<c>} for a merged feed; {@code limit}, {@code pages} and the filters as query parameters), and
 * RSSHub's {@code /telegram/channel/:username[/:routeParams]} with {@code ?format=rss|atom|json} (RSS by default, as
 * RSSHub), {@code ?limit=N} and our {@code ?pages=N}, so a reader moves over by changing the host. What we do not do is named in
 * {@value #IGNORED}, never dropped in silence.
 */
final class FeedUrls {

    /** The header naming the options of a request that this server does not do. */
    static final String IGNORED = "X-Ignored-Options";
    private final Handlers handlers;

    FeedUrls(Handlers handlers) {
        this.handlers = handlers;
    }

    /** {@code GET /feeds/:file}: {@code durov.atom}, {@code durov+meduzalive.rss}, {@code durov.json} (JSON Feed). */
    void feeds(RoutingContext ctx) {
        handlers.sendFeed(ctx, origin -> {
            String file = ctx.pathParam("file");
            int dot = file.lastIndexOf('.');
            FeedFormat format = dot < 0 ? null : FeedFormat.byExtension(file.substring(dot + 1));
            if (format == null) {
                throw new InvalidInput(Problem.invalid("file", "a feed's file name ends in .atom, .rss or .json"
                        + " (JSON Feed), after its channels joined by +: " + quoted(file)));
            }
            return handlers.feedOf(ctx, origin, Arrays.asList(file.substring(0, dot).split("\\+", -1)),
                    ctx.queryParams().get("limit"), ctx.queryParams().get("pages"), format,
                    name -> FeedQuery.value(ctx.queryParams().getAll(name)), false, null);
        });
    }

    /** {@code GET /telegram/channel/:username[/:routeParams]}: RSSHub's route, answered with our feed. */
    void rssHub(RoutingContext ctx) {
        handlers.sendFeed(ctx, origin -> {
            RssHubOptions options = RssHubOptions.of(ctx.pathParam("routeParams"));
            String asked = ctx.queryParams().get("format");
            FeedFormat format = asked == null ? FeedFormat.RSS : FeedFormat.byExtension(asked); // RSSHub's names
            if (format == null) {
                throw new InvalidInput(Problem.invalid("format", "format must be " + FeedFormat.EXTENSIONS + ": "
                        + quoted(asked)));
            }
            List<String> ignored = options.ignoredWith(ctx.queryParams().names());
            String channel = ChannelName.parse("username", ctx.pathParam("username")).value();
            return handlers.feedOf(ctx, origin, List.of(channel), ctx.queryParams().get("limit"),
                    ctx.queryParams().get("pages"), format, options::parameter, false,
                    ignored.isEmpty() ? null : String.join(", ", ignored));
        });
    }

    private static String quoted(String text) {
        return io.vertx.core.json.Json.encode(text);
    }
}
