package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.coalescing.LoadContext;
import tme.coalescing.SingleFlight;
import tme.coalescing.gate.Passage;
import tme.coalescing.gate.UpstreamGate;
import tme.scraper.fetch.Direction;
import tme.scraper.fetch.TmeClient;
import tme.scraper.fetch.Upstream;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.MorePage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;
import tme.scraper.parse.SearchPageParser;

/**
 * Fetches and parses t.me pages. Every request to t.me passes the {@link UpstreamGate} (cooldown, fair slots,
 * budget) with the load's context; nothing else calls the client. One in-flight load per page:
 * {@code /v1/post/ch/531} and {@code /v1/body/ch?position=531} share the page around post 531. Parsing runs on
 * the bounded worker pool, never on the event loop. Pages around different positions are never merged: each
 * load carries its own view tokens.
 */
public final class Pages {

    private final TmeClient client;
    private final UpstreamGate gate;
    private final WorkerExecutor workers;
    private final ParserMode mode;
    private final ScrapeStats stats;
    private final SingleFlight<Outcome<ChannelPage>> channelPages = new SingleFlight<>();
    // page -> the context of the load running for it, so a reader joining a background load raises it.
    private final ConcurrentMap<String, LoadContext> pageLoads = new ConcurrentHashMap<>();

    public Pages(TmeClient client, UpstreamGate gate, WorkerExecutor workers, ParserMode mode, ScrapeStats stats) {
        this.client = client;
        this.gate = gate;
        this.workers = workers;
        this.mode = mode;
        this.stats = stats;
    }

    /** The latest page ({@code position == 0}) or the page around a post. */
    Future<Outcome<ChannelPage>> channelPage(LoadContext load, String channel, int position) {
        String page = channel + ":" + position;
        LoadContext running = pageLoads.get(page);
        if (running != null) {
            running.joinedBy(load); // a reader's post joining a background refresh of the same page raises it
        }
        return channelPages.run(page, () -> {
            pageLoads.put(page, load);
            return load(load, () -> client.channelPage(channel, position), channel,
                    html -> ChannelPageParser.parse(html, mode)).onComplete(done -> pageLoads.remove(page, load));
        });
    }

    /** t.me's search inside the channel: the matches before {@code before} (0: the newest), as a channel page. */
    Future<Outcome<ChannelPage>> search(LoadContext load, String channel, SearchQuery query, int before) {
        return load(load, () -> client.search(channel, query.value(), before), channel,
                html -> SearchPageParser.parse(html, mode, query.value()));
    }

    Future<Outcome<MorePage>> more(LoadContext load, String channel, Direction direction, int position) {
        return load(load, () -> client.more(channel, direction, position), channel, html -> MoreParser.parse(html, mode));
    }

    Future<Outcome<ChannelPreview>> preview(LoadContext load, String channel) {
        return load(load, () -> client.preview(channel), channel, PreviewParser::parse);
    }

    /** Callers that shared a page load another caller had started, and the parser's counters ({@code scrape.*}). */
    Map<String, Long> counters() {
        Map<String, Long> all = new HashMap<>(stats.snapshot());
        all.put("pages.coalesced", channelPages.joined());
        return all;
    }

    ScrapeStats stats() {
        return stats;
    }

    /** Runs {@code work} on the worker pool. */
    <T> Future<T> onWorker(Callable<T> work) {
        return workers.executeBlocking(work, false);
    }

    private <T> Future<Outcome<T>> load(LoadContext load, Supplier<Future<Upstream>> fetch, String channel,
                                        Function<String, Parsed<T>> parser) {
        LoadSteps steps = new LoadSteps();
        return gate.pass(load, steps.timing(fetch), Signals::of).compose(passage -> switch (passage) {
            case Passage.Refused<Upstream> refused ->
                    Future.succeededFuture(Outcomes.<T>refused(refused).timed(steps.sofar()));
            // ok.body() decodes the 100-300 KB page: it belongs inside the worker task, with the parsing.
            case Passage.Through<Upstream>(Upstream.Ok ok) ->
                    onWorker(() -> steps.parsed(() -> Outcomes.parsed(parser.apply(ok.body()), channel, stats)));
            case Passage.Through<Upstream>(Upstream other) -> Future.succeededFuture(
                    Outcomes.<T>upstream(other, channel, stats, gate.cooldownLeft()).timed(steps.sofar()));
        });
    }
}
