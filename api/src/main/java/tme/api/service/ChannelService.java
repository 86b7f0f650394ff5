package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.util.function.Function;
import tme.api.render.JsonRender;
import tme.scraper.fetch.Direction;
import tme.scraper.fetch.TmeClient;
import tme.scraper.fetch.Upstream;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;

/**
 * The read use cases: fetch a page from t.me, parse and render it on the bounded worker pool (never on the
 * event loop), and answer JSON bytes or a problem. Channel names arrive validated and lower-cased.
 */
public final class ChannelService {

    private final TmeClient client;
    private final WorkerExecutor workers;
    private final ParserMode mode;
    private final ScrapeStats stats;

    public ChannelService(TmeClient client, WorkerExecutor workers, ParserMode mode, ScrapeStats stats) {
        this.client = client;
        this.workers = workers;
        this.mode = mode;
        this.stats = stats;
    }

    /** The latest page ({@code position == 0}) or the page around a post. */
    public Future<Answer> body(String channel, int position) {
        return load(client.channelPage(channel, position), channel,
                html -> Outcomes.answer(ChannelPageParser.parse(html, mode), channel, stats,
                        page -> Answer.json(JsonRender.body(page))));
    }

    /** One post, taken from the page around it. */
    public Future<Answer> post(String channel, int id) {
        return load(client.channelPage(channel, id), channel,
                html -> Outcomes.answer(ChannelPageParser.parse(html, mode), channel, stats,
                        page -> findPost(page, channel, id)));
    }

    /** Posts before or after a post; the anchor post itself is left out. */
    public Future<Answer> more(String channel, Direction direction, int position) {
        return load(client.more(channel, direction, position), channel,
                html -> Outcomes.answer(MoreParser.parse(html, mode), channel, stats,
                        page -> Answer.json(JsonRender.more(withoutAnchor(page, position)))));
    }

    /** The channel's public profile ({@code t.me/<channel>}). */
    public Future<Answer> preview(String channel) {
        return load(client.preview(channel), channel,
                html -> Outcomes.answer(PreviewParser.parse(html), channel, stats,
                        preview -> Answer.json(JsonRender.preview(preview))));
    }

    /** t.me includes the anchor post in some answers; a client paging with cursors must not see it twice. */
    private static MorePage withoutAnchor(MorePage page, int anchor) {
        return new MorePage(page.posts().stream().filter(post -> post.id() != anchor).toList(), page.offset());
    }

    private static Answer findPost(ChannelPage page, String channel, int id) {
        for (Post post : page.posts()) {
            if (post.id() == id) {
                return Answer.json(JsonRender.post(post));
            }
        }
        return Answer.failure(Problem.postNotFound(channel, id));
    }

    private Future<Answer> load(Future<Upstream> fetch, String channel, Function<String, Answer> parseAndRender) {
        return fetch.compose(outcome -> outcome instanceof Upstream.Ok ok
                ? workers.executeBlocking(() -> parseAndRender.apply(ok.body()), false)
                : Future.succeededFuture(Answer.failure(Outcomes.problem(outcome, channel))));
    }
}
