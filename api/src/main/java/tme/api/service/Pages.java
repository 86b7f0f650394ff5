package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
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
import tme.scraper.parse.Html;
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
                    html -> ChannelPageParser.parse(html, mode), Pages::noPosts)
                    .onComplete(done -> pageLoads.remove(page, load));
        });
    }

    /** t.me's search inside the channel: the matches before {@code before} (0: the newest), as a channel page. */
    Future<Outcome<ChannelPage>> search(LoadContext load, String channel, SearchQuery query, int before) {
        return load(load, () -> client.search(channel, query.value(), before), channel,
                html -> SearchPageParser.parse(html, mode, query.value()), Pages::noPosts);
    }

    Future<Outcome<MorePage>> more(LoadContext load, String channel, Direction direction, int position) {
        return load(load, () -> client.more(channel, direction, position), channel,
                html -> MoreParser.parse(html.text(), mode), page -> page.posts().isEmpty());
    }

    Future<Outcome<ChannelPreview>> preview(LoadContext load, String channel) {
        return load(load, () -> client.preview(channel), channel, PreviewParser::parse, preview -> false);
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

    /**
     * One request through the gate, its page parsed on the worker pool; what the page turns out to be once read (a
     * captcha, an emptied page, real content: {@link Signals#read}) is told to the gate before the outcome is
     * answered, so a throttle in disguise cools the fleet down as a 429 does.
     */
    private <T> Future<Outcome<T>> load(LoadContext load, Supplier<Future<Upstream>> fetch, String channel,
                                        Function<Html, Parsed<T>> parser, Predicate<T> noPosts) {
        LoadSteps steps = new LoadSteps();
        AtomicReference<Instant> sentAt = new AtomicReference<>();
        Supplier<Future<Upstream>> timed = steps.timing(fetch);
        return gate.passAt(load, at -> {
            sentAt.set(at);
            return timed.get();
        }, Signals::of).compose(passage -> switch (passage) {
            case Passage.Refused<Upstream> refused ->
                    Future.succeededFuture(Outcomes.<T>refused(refused).timed(steps.sofar()));
            // The 100-300 KB page is decoded as it is parsed: inside the worker task, never on the event loop.
            case Passage.Through<Upstream>(Upstream.Ok ok) -> onWorker(() -> {
                AtomicReference<Parsed<T>> parsed = new AtomicReference<>();
                Outcome<T> outcome = steps.parsed(() -> {
                    parsed.set(parser.apply(Html.utf8(ok.utf8())));
                    return Outcomes.parsed(parsed.get(), channel, stats);
                });
                return new Read<>(parsed.get(), outcome);
            }).compose(read -> Signals.read(read.parsed(), noPosts, load)
                    .map(signal -> gate.report(sentAt.get(), signal).map(read.outcome()))
                    .orElse(Future.succeededFuture(read.outcome())));
            case Passage.Through<Upstream>(Upstream other) -> Future.succeededFuture(
                    Outcomes.<T>upstream(other, channel, stats, gate.cooldownLeft()).timed(steps.sofar()));
        });
    }

    /** A page as parsed, and the outcome made of it. */
    private record Read<T>(Parsed<T> parsed, Outcome<T> outcome) {}

    private static boolean noPosts(ChannelPage page) {
        return page.posts().isEmpty();
    }
}
