package tme.api.http;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tme.api.problem.InvalidInput;
import tme.api.query.FeedQuery;
import tme.api.render.PageReader;
import tme.api.service.Answer;
import tme.api.service.ChannelName;
import tme.api.service.ChannelService;
import tme.api.service.FeedService;
import tme.coalescing.Asker;
import tme.coalescing.Tolerance;

/**
 * {@code GET /}, the home page ({@link HomePage}); {@code ?channels=} what was pasted (names or links, separated by
 * commas, spaces or lines, at most {@value #MAX_CHANNELS}): each read as {@code /v1/body} reads it, charged to the
 * visitor like any read.
 */
final class HomeHandler {

    static final int MAX_CHANNELS = 20;
    /** A card shows what the feeds show: a page up to a minute old as it is, up to 15 minutes while one reloads. */
    private static final Tolerance CARD = Tolerance.of(Duration.ofMinutes(1), Duration.ofMinutes(15));

    private final ChannelService channels;
    private final FeedService feeds;
    private final WorkerExecutor workers;
    private final Function<RoutingContext, String> clients;
    private final boolean docs;

    HomeHandler(ChannelService channels, FeedService feeds, WorkerExecutor workers,
                Function<RoutingContext, String> clients, boolean docs) {
        this.channels = channels;
        this.feeds = feeds;
        this.workers = workers;
        this.clients = clients;
        this.docs = docs;
    }

    void page(RoutingContext ctx) {
        String asked = ctx.queryParams().get("channels");
        List<String> pasted = pasted(asked);
        String base = feeds.publicUrl().orElseGet(() -> FeedQuery.origin(ctx.request()));
        FeedDepth depth = FeedDepth.of(ctx, feeds.maxPages());
        List<Future<HomePage.Card>> cards = new ArrayList<>();
        String client = pasted.isEmpty() ? null : clients.apply(ctx);
        for (String text : pasted) {
            cards.add(card(text, client));
        }
        Future<String> page = Future.join(cards).transform(done -> workers.executeBlocking(() -> HomePage.render(
                asked == null ? "" : asked, cards.stream().map(Future::result).toList(), base, depth, docs), false));
        Responses.onRequestLoop(page, rendered -> {
            if (rendered.failed()) {
                ctx.fail(rendered.cause());
            } else if (!ctx.response().closed()) {
                ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                        .putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
                Responses.end(ctx, Buffer.buffer(rendered.result()));
            }
        });
    }

    /** What was pasted, split into items: commas, spaces and line breaks separate them; at most the first 20. */
    static List<String> pasted(String asked) {
        if (asked == null || asked.isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(asked.trim().split("[,\\s]+")).filter(item -> !item.isEmpty()).distinct()
                .limit(MAX_CHANNELS).toList();
    }

    private Future<HomePage.Card> card(String text, String client) {
        ChannelName name;
        try {
            name = ChannelName.parse("channel", text);
        } catch (InvalidInput invalid) {
            return Future.succeededFuture(HomePage.Card.failed(text, null, invalid.problem().detail()));
        }
        return channels.latest(name, Asker.of(client, name.value()), CARD).compose(answer -> switch (answer) {
            case Answer.Cached page when page.status() == 200 -> workers.executeBlocking(() ->
                    HomePage.Card.of(text, name.value(), PageReader.body(page.stored().raw())), false);
            case Answer.Cached notFound -> Future.succeededFuture(HomePage.Card.failed(text, name.value(),
                    notFound.notFound().detail()));
            case Answer.Failure failure -> Future.succeededFuture(HomePage.Card.failed(text, name.value(),
                    failure.problem().detail()));
        }, bug -> Future.succeededFuture(HomePage.Card.failed(text, name.value(), "could not be read: " + bug)));
    }
}
