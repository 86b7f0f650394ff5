package tme.api.http;

import com.rometools.opml.feed.opml.Attribute;
import com.rometools.opml.feed.opml.Opml;
import com.rometools.opml.feed.opml.Outline;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import tme.api.feed.OpmlDocuments.Subscription;
import tme.api.feed.OpmlDocuments;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.query.FeedQuery;
import tme.api.service.Answer;
import tme.api.service.ChannelName;
import tme.api.service.ChannelNames;
import tme.api.service.FeedFormat;
import tme.api.service.FeedService;
import tme.api.service.PreviewsService;
import tme.coalescing.Asker;

/**
 * OPML both ways. {@code GET /feeds.opml?channels=a,b,c}: one outline per channel, titled from its preview card, its
 * feed at {@code /feeds/<name>.atom} ({@code format=rss|json} for the others) and its t.me page. {@code POST
 * /v1/opml/import}: another tool's OPML (RSSHub, RSS-Bridge, t.me links: {@link FeedSources}) answered as the same
 * file with our feed URLs, each the feed its outline had (its format, unless the request names one for all, and its
 * filters; the options we do not do named in {@code X-Ignored-Options}); the outlines that name no channel are moved,
 * unchanged, into a last folder named for them, so a reader importing the answer still has them and sees which they
 * are.
 */
final class OpmlHandlers {

    /** At most this many bytes of OPML are read: a reader's whole export of a few thousand feeds. */
    static final long MAX_OPML_BYTES = 1024 * 1024;
    /** What an OPML upload may be labelled (curl: {@code -H 'Content-Type: text/x-opml' --data-binary @file}). */
    private static final List<String> XML_TYPES = List.of("text/x-opml", "text/xml", "application/xml");

    private final PreviewsService previews;
    private final FeedService feeds;
    private final WorkerExecutor workers;
    private final Function<RoutingContext, String> clients;

    OpmlHandlers(PreviewsService previews, FeedService feeds, WorkerExecutor workers,
                 Function<RoutingContext, String> clients) {
        this.previews = previews;
        this.feeds = feeds;
        this.workers = workers;
        this.clients = clients;
    }

    /**
     * {@code GET /feeds.opml?channels=a,b,c&format=atom|rss|json&pages=N}; the feed URLs it names carry {@code pages}
     * (the file name's extension is followed by {@code ?pages=N}, here and in an import).
     */
    void export(RoutingContext ctx) {
        List<ChannelName> names = ChannelNames.parse("channels", FeedQuery.names(ctx.queryParams().getAll("channels")))
                .stream().distinct().toList();
        String extension = extension(ctx) + FeedDepth.of(ctx, feeds.maxPages()).query();
        String base = base(ctx);
        Future<byte[]> file = previews.previews(names, Asker.forRequest(clients.apply(ctx), "previews")).compose(answers ->
                workers.executeBlocking(() -> OpmlDocuments.write("Telegram channels", subscriptions(names, answers,
                        base, extension)), false));
        Responses.onRequestLoop(file, done -> {
            if (done.failed()) {
                ctx.fail(done.cause());
            } else {
                send(ctx, done.result());
            }
        });
    }

    /**
     * {@code POST /v1/opml/import[?format=atom|rss|json][&pages=N]} with an OPML file as the body: {@code format} puts
     * every feed in that format (without it each keeps its own), {@code pages} deepens those that name no depth.
     */
    void importFile(RoutingContext ctx) {
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        String media = type == null ? "" : type.split(";")[0].trim().toLowerCase(java.util.Locale.ROOT);
        if (!XML_TYPES.contains(media)) {
            throw new InvalidInput(Problem.unsupportedMediaType("an OPML file is sent as text/x-opml, text/xml or"
                    + " application/xml: " + (type == null ? "no Content-Type" : type)));
        }
        Buffer body = ctx.body().buffer();
        if (body == null || body.length() == 0) {
            throw new InvalidInput(Problem.invalid("body", "body must be an OPML file"));
        }
        Target target = new Target(base(ctx), ctx.queryParams().contains("format") ? extension(ctx) : null,
                FeedDepth.of(ctx, feeds.maxPages()));
        Future<Imported> imported = workers.executeBlocking(() -> mapped(body.getBytes(), target), false);
        Responses.onRequestLoop(imported, done -> {
            if (done.failed()) {
                ctx.fail(done.cause());
                return;
            }
            ctx.response().putHeader("X-Opml-Mapped", Integer.toString(done.result().mapped()))
                    .putHeader("X-Opml-Unmapped", Integer.toString(done.result().unmapped()));
            if (!done.result().ignored().isEmpty()) {
                ctx.response().putHeader(FeedUrls.IGNORED, String.join(", ", done.result().ignored()));
            }
            send(ctx, done.result().file());
        });
    }

    private static String extension(RoutingContext ctx) {
        String asked = ctx.queryParams().get("format");
        String extension = asked == null ? "atom" : asked;
        if (FeedFormat.byExtension(extension) == null) { // the feed files OPML names: /feeds/<name>.<format>
            throw new InvalidInput(Problem.invalid("format", "format must be " + FeedFormat.EXTENSIONS + ": "
                    + io.vertx.core.json.Json.encode(asked)));
        }
        return extension;
    }

    /** {@code PUBLIC_URL}, else the host the request came to. */
    private String base(RoutingContext ctx) {
        return feeds.publicUrl().orElseGet(() -> FeedQuery.origin(ctx.request()));
    }

    private static List<Subscription> subscriptions(List<ChannelName> names, List<Answer> answers, String base,
                                                    String extension) {
        List<Subscription> subscriptions = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).value();
            subscriptions.add(new Subscription(title(answers.get(i)).orElse("@" + name),
                    base + "/feeds/" + name + "." + extension, "https://t.me/" + name));
        }
        return subscriptions;
    }

    /** The channel's title from its stored preview card, if it has one. */
    private static Optional<String> title(Answer answer) {
        if (answer instanceof Answer.Cached ok && ok.status() == 200) {
            JsonObject channel = new JsonObject(Buffer.buffer(ok.stored().raw())).getJsonObject("channel");
            return Optional.ofNullable(channel == null ? null : channel.getString("title"));
        }
        return Optional.empty();
    }

    /** What an import made: the file to answer, how many outlines were moved over or not, the options dropped. */
    private record Imported(byte[] file, int mapped, int unmapped, java.util.SortedSet<String> ignored) {}

    /**
     * Where an import points the feeds: {@code PUBLIC_URL} or the host asked, the format the request names for every
     * feed (null: each keeps its own, Atom where it had none), the depth it names (where a feed names none).
     */
    private record Target(String base, String extension, FeedDepth depth) {

        /** Our feed URL for {@code source}: the same channels, format and feed parameters. */
        String url(FeedSources.Source source) {
            String joined = source.channels().stream().map(ChannelName::value).collect(Collectors.joining("+"));
            String format = extension != null ? extension : source.extension() != null ? source.extension() : "atom";
            String file = base + "/feeds/" + joined + "." + format;
            if (source.query().isEmpty()) {
                return file + depth.query();
            }
            boolean deep = new QueryStringDecoder(source.query(), false).parameters().containsKey("pages");
            return file + "?" + source.query() + (deep ? "" : depth.andQuery());
        }
    }

    private static Imported mapped(byte[] xml, Target target) {
        Opml opml;
        try {
            opml = OpmlDocuments.read(xml);
        } catch (IllegalArgumentException notOpml) {
            throw new InvalidInput(Problem.invalid("body", "body must be an OPML file: " + notOpml.getMessage()));
        }
        List<Outline> unmapped = new ArrayList<>();
        java.util.SortedSet<String> ignored = new java.util.TreeSet<>();
        int mapped = map(opml.getOutlines(), unmapped, target, ignored);
        if (!unmapped.isEmpty()) {
            Outline folder = new Outline();
            folder.setText("Not moved to tme-api (" + unmapped.size() + ")");
            folder.setChildren(unmapped);
            opml.getOutlines().add(folder);
        }
        return new Imported(OpmlDocuments.write(opml), mapped, unmapped.size(), ignored);
    }

    /**
     * Maps the feeds in {@code outlines} (folders walked), moving those naming no channel into {@code unmapped} and
     * adding the options they named that we do not do to {@code ignored}.
     */
    private static int map(List<Outline> outlines, List<Outline> unmapped, Target target,
                           java.util.Set<String> ignored) {
        int mapped = 0;
        List<Outline> kept = new ArrayList<>();
        for (Outline outline : outlines) {
            boolean feed = outline.getXmlUrl() != null || outline.getHtmlUrl() != null;
            if (!feed) {
                mapped += map(outline.getChildren(), unmapped, target, ignored);
                kept.add(outline);
                continue;
            }
            Optional<FeedSources.Source> source = FeedSources.source(outline.getXmlUrl())
                    .or(() -> FeedSources.source(outline.getHtmlUrl()));
            if (source.isEmpty()) {
                unmapped.add(outline);
            } else {
                kept.add(ours(outline, source.get(), target));
                ignored.addAll(source.get().ignored());
                mapped++;
            }
        }
        outlines.clear();
        outlines.addAll(kept);
        return mapped;
    }

    /** {@code outline} with our feed of {@code source} in place of its URLs; its text and title kept. */
    private static Outline ours(Outline outline, FeedSources.Source source, Target target) {
        List<ChannelName> channels = source.channels();
        String joined = channels.stream().map(ChannelName::value).collect(Collectors.joining("+"));
        String title = outline.getTitle() != null ? outline.getTitle()
                : outline.getText() != null ? outline.getText() : "@" + joined;
        Outline ours = OpmlDocuments.outline(new Subscription(title, target.url(source),
                channels.size() == 1 ? "https://t.me/" + joined : null));
        ours.setText(outline.getText() != null ? outline.getText() : title);
        ours.setCategories(outline.getCategories());
        outline.getAttributes().stream()
                .filter(attribute -> !List.of("xmlUrl", "htmlUrl", "type", "text", "title").contains(attribute.getName()))
                .forEach(attribute -> ours.getAttributes().add((Attribute) attribute.clone()));
        return ours;
    }

    private static void send(RoutingContext ctx, byte[] file) {
        if (ctx.response().closed()) {
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, OpmlDocuments.CONTENT_TYPE)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        Responses.end(ctx, Buffer.buffer(file));
    }
}
