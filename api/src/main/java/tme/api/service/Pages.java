package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.coalescing.SingleFlight;
import tme.scraper.fetch.Direction;
import tme.scraper.fetch.TmeClient;
import tme.scraper.fetch.Upstream;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.MorePage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;

/**
 * Fetches and parses t.me pages, one in-flight load per page: {@code /v1/post/ch/531} and
 * {@code /v1/body/ch?position=531} share the page around post 531, and the latest page of a channel is
 * shared by everything that reads it. Parsing runs on the bounded worker pool, never on the event loop.
 * Pages around different positions are never merged: each load carries its own view tokens.
 */
public final class Pages {

    private final TmeClient client;
    private final WorkerExecutor workers;
    private final ParserMode mode;
    private final ScrapeStats stats;
    private final SingleFlight<Outcome<ChannelPage>> channelPages = new SingleFlight<>();

    public Pages(TmeClient client, WorkerExecutor workers, ParserMode mode, ScrapeStats stats) {
        this.client = client;
        this.workers = workers;
        this.mode = mode;
        this.stats = stats;
    }

    /** The latest page ({@code position == 0}) or the page around a post. */
    Future<Outcome<ChannelPage>> channelPage(String channel, int position) {
        return channelPages.run(channel + ":" + position, () -> load(() -> client.channelPage(channel, position),
                channel, html -> ChannelPageParser.parse(html, mode)));
    }

    Future<Outcome<MorePage>> more(String channel, Direction direction, int position) {
        return load(() -> client.more(channel, direction, position), channel, html -> MoreParser.parse(html, mode));
    }

    Future<Outcome<ChannelPreview>> preview(String channel) {
        return load(() -> client.preview(channel), channel, PreviewParser::parse);
    }

    /** Callers that shared a page load another caller had started, and the parser's counters ({@code scrape.*}). */
    Map<String, Long> counters() {
        Map<String, Long> all = new HashMap<>(stats.snapshot());
        all.put("pages.coalesced", channelPages.joined());
        return all;
    }

    /** Runs {@code work} on the worker pool. */
    <T> Future<T> onWorker(java.util.concurrent.Callable<T> work) {
        return workers.executeBlocking(work, false);
    }

    private <T> Future<Outcome<T>> load(Supplier<Future<Upstream>> fetch, String channel,
                                        Function<String, tme.scraper.parse.Parsed<T>> parser) {
        // ok.body() decodes the 100-300 KB page: it belongs inside the worker task, with the parsing.
        return fetch.get().compose(result -> result instanceof Upstream.Ok ok
                ? onWorker(() -> Outcomes.parsed(parser.apply(ok.body()), channel, stats))
                : Future.succeededFuture(Outcomes.upstream(result, channel, stats)));
    }
}
