package tme.api.http;

import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import tme.api.service.ChannelName;
import tme.api.service.HistoryQuery;
import tme.api.service.HistoryWalk;
import tme.coalescing.Asker;

/**
 * {@code GET /v1/history/{channel}?before=N&since=DATE&until=DATE&limit=N}: the channel's posts, newest first, as JSON
 * lines ({@link HistoryStream}), walked through the pages {@code /v1/body} and {@code /v1/more} store. The walk is
 * the client's request, a flow of its own: its loads are charged to the client and share the gate with its other
 * reads fairly.
 */
final class HistoryHandler {

    private final HistoryWalk walk;
    private final int maxPosts;
    private final Function<RoutingContext, String> clients;
    private final Counts counts = new Counts(new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder());

    /**
     * What every loop's history answers count together.
     *
     * @param walks answers started
     * @param pages pages of posts written
     * @param waits   times a walk waited for its reader (the write queue full) before loading its next page
     * @param waiting walks waiting for their reader now
     */
    record Counts(LongAdder walks, LongAdder pages, LongAdder waits, LongAdder waiting) {}

    /** {@code maxPosts}: {@code HISTORY_MAX_POSTS}, the most posts one answer streams. */
    HistoryHandler(HistoryWalk walk, int maxPosts, Function<RoutingContext, String> clients) {
        this.walk = walk;
        this.maxPosts = maxPosts;
        this.clients = clients;
    }

    void history(RoutingContext ctx) {
        ChannelName channel = ChannelName.parse("channel", ctx.pathParam("channel"));
        var params = ctx.queryParams();
        HistoryQuery query = HistoryQuery.parse(params.get("before"), params.get("since"), params.get("until"),
                params.get("limit"), maxPosts);
        counts.walks().increment();
        new HistoryStream(ctx, walk, channel, query, Asker.forRequest(clients.apply(ctx), "history"), counts).start();
    }

    /** {@code history.walks}, {@code history.pages}, {@code history.reader_waits}; {@code history.waiting} (a gauge). */
    Map<String, Long> counters() {
        return Map.of("history.walks", counts.walks().sum(), "history.pages", counts.pages().sum(),
                "history.reader_waits", counts.waits().sum(), "history.waiting", counts.waiting().sum());
    }
}
