package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;
import tme.scraper.testing.Fixtures;

/**
 * Every example answer in docs/api.md and every {@code examples} entry of openapi.json is what the production server
 * answers, on one server in front of the fake t.me serving the recorded pages at a fixed time (docs/api.md, "How the
 * examples were made"), or on another such server with the settings and the fake's knobs the block's marker names
 * ({@link ExampleSetup}). Each block says which request made it ({@link DocExamples}); a block without a marker fails,
 * so a new example cannot drift unnoticed. JSON is compared by structure ({@link LooseJson}: {@code …} stands for
 * what the doc leaves out), feeds and other text as text with {@code …} for any run of characters. A failure names the
 * block's line, the request, and the first difference, with the whole answer to paste.
 */
@org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class DocExamplesTest {

    static final Instant NOW = Instant.parse("2026-05-06T00:00:00Z");
    static final Path API_MD = Path.of("..", "docs", "api.md");
    static final Path OPENAPI = Path.of("src", "main", "resources", "openapi.json");
    static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ([^\\n`]*)");

    /** The fragments {@link #fragmentsPage} serves; their posts' ids are the fragments' own. */
    static final List<String> FRAGMENTS = List.of("tchantest-service_message_channel_created",
            "tchantest-service_message_channel_name_changed", "tchantest-service_message_channel_photo_updated",
            "tchantest-service_message_pinned", "tchantest-audio_message", "any2feed-message_media_file",
            "tchantest-sticker_message", "tchantest-location_message", "tchantest-text_reply_to_video",
            "any2feed-message_media_round_video", "any2feed-message_sticker", "any2feed-message_poll");

    /** In a request body, {@code a×3} stands for {@code aaa} and {@code «ab »×2} for {@code ab ab }. */
    static final Pattern REPEATED = Pattern.compile("«([^»]*)»×(\\d+)|(.)×(\\d+)");

    /** The doc's main server, and one per other set of settings a marker names, started when first named. */
    static final Map<String, TestServer> SERVERS = new java.util.LinkedHashMap<>();
    static final Map<String, TestClock> CLOCKS = new java.util.HashMap<>();
    static final PushedExamples PUSHED = new PushedExamples();
    static TestServer server;

    @BeforeAll
    static void start() {
        server = started("");
    }

    /** A server with {@code settings} (as markers write them) in front of a fake serving the recorded pages. */
    static TestServer started(String settings) {
        return SERVERS.computeIfAbsent(settings, s -> {
            TestClock clock = CLOCKS.computeIfAbsent(s, any -> new TestClock(NOW));
            TestServer started = new TestServer(new ExampleSetup(s, List.of(), Map.of(), List.of(), null, List.of()).env(),
                    clock, null);
            started.tme.morePageSize(3).status("/s/topwar_official", 500); // its posts stay readable at /s/<name>/<id>
            started.tme.page("tchantest", fragmentsPage());
            return started;
        });
    }

    /**
     * The media kinds, polls, replies and service messages no recorded full page holds, from recorded single-message
     * fragments, as the posts of one page ({@code /v1/body/tchantest}; the header is durov's, renamed).
     */
    static String fragmentsPage() {
        Document durov = Jsoup.parse(Fixtures.read("s-durov-2026-05-hortay.html"));
        durov.selectFirst("section.tgme_channel_history").empty();
        Document page = Jsoup.parse(durov.outerHtml().replace("durov", "tchantest"));
        page.outputSettings().prettyPrint(false);
        Element history = page.selectFirst("section.tgme_channel_history");
        for (String fragment : FRAGMENTS) {
            Document recorded = Jsoup.parseBodyFragment(Fixtures.read("frag-" + fragment + ".html"));
            recorded.outputSettings().prettyPrint(false); // the recorded whitespace, which the html values keep
            history.append(recorded.selectFirst(".tgme_widget_message_wrap").outerHtml());
        }
        return page.outerHtml();
    }

    @AfterAll
    static void stop() {
        PUSHED.close();
        SERVERS.values().parallelStream().forEach(TestServer::close); // each stop waits for its loops: together
    }

    /** First: the metrics example counts the requests the main server served before it (docs/api.md's first block). */
    @Test
    @org.junit.jupiter.api.Order(1)
    void everyExampleBlock_isWhatTheServerAnswers() {
        List<String> failures = new ArrayList<>();
        for (DocExamples.Block block : DocExamples.blocks(read(API_MD))) {
            if (!block.marked()) {
                failures.add("api.md:" + block.line() + ": an example without a marker: say which request makes it,"
                        + " <!-- example: GET /v1/... -->, or why none can, <!-- example-unchecked: ... -->\n"
                        + shortened(block.text()));
            }
            check(block).ifPresent(failures::add);
        }
        assertTrue(failures.isEmpty(), failures.size() + " examples differ from the server:\n\n"
                + String.join("\n\n", failures));
    }

    /**
     * Each {@code examples} entry of openapi.json (what Swagger UI shows for an answer) names its request in its
     * {@code summary} and holds the whole answer, compared exactly (no {@code …}).
     */
    @Test
    void everyOpenApiExample_isWhatTheServerAnswers() {
        List<String> failures = new ArrayList<>();
        OpenApiExamples.all(new JsonObject(read(OPENAPI))).forEach(example -> {
            DocExamples.Request request = DocExamples.Request.parse(example.summary());
            ExampleAnswer.Answered answered = ExampleAnswer.answered(send(server, request, Map.of()),
                    server.server.actualPort());
            Optional<String> difference = !example.json()
                    ? (answered.body().equals(example.value()) ? Optional.empty() : Optional.of("the text differs"))
                    : LooseJson.mismatch(example.value(), answered.json(), "$");
            difference.ifPresent(d -> failures.add("openapi.json " + example.where() + ": " + request + "\n  " + d
                    + "\n  answered:\n" + answered.body()));
        });
        assertTrue(failures.isEmpty(), failures.size() + " examples differ from the server:\n\n"
                + String.join("\n\n", failures));
    }

    @Test
    void statusLines_areTheServersOwn() {
        List<String> wrong = new ArrayList<>();
        Matcher line = STATUS_LINE.matcher(read(API_MD));
        while (line.find()) {
            String sent = HttpResponseStatus.valueOf(Integer.parseInt(line.group(1))).reasonPhrase();
            if (!sent.equals(line.group(2).strip())) {
                wrong.add(line.group() + " (the server sends " + sent + ")");
            }
        }
        assertEquals(List.of(), wrong);
    }

    private static Optional<String> check(DocExamples.Block block) {
        if (block.requests().isEmpty()) {
            return Optional.empty();
        }
        ExampleAnswer.Documented documented;
        try {
            documented = ExampleAnswer.documented(block);
        } catch (RuntimeException e) {
            return Optional.of("api.md:" + block.line() + ": not JSON, even with … read as \"more\": "
                    + e.getMessage());
        }
        ExampleSetup setup = block.setup();
        TestServer answering = started(setup.server());
        setup.apply(answering);
        setup.first().forEach(request -> send(answering, request, setup.headers()));
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < block.requests().size(); i++) {
            DocExamples.Request request = block.requests().get(i);
            ExampleAnswer.Answered answered = answered(answering, request, setup);
            documented.mismatch(i, request, answered).ifPresent(difference -> differences.add(
                    "api.md:" + block.line() + ": " + request + "\n  " + difference + "\n  answered:\n"
                            + answered.shown(request)));
        }
        return differences.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", differences));
    }

    /** A request's answer, a stream's first messages, or what the WebSub subscriber received ({@code RECEIVED what}). */
    private static ExampleAnswer.Answered answered(TestServer to, DocExamples.Request request, ExampleSetup setup) {
        if (request.method().equals("RECEIVED")) {
            return PUSHED.received(to, CLOCKS.get(setup.server()), request.target(), setup.publishedChannel(),
                    setup.publishedText());
        }
        if (request.target().startsWith("/v1/stream")) {
            return PUSHED.stream(to, CLOCKS.get(setup.server()), request.target(), setup.headers(),
                    setup.publishedChannel(), setup.publishedText(), setup.revise());
        }
        return ExampleAnswer.answered(send(to, request, setup.headers()), to.server.actualPort());
    }

    static HttpResponse<String> send(TestServer to, DocExamples.Request request, Map<String, String> headers) {
        String text = PUSHED.withCallback(request.body(), "/websub/telegram");
        if (text != null) { // the doc's address, as a reader sends it, is this server's (a WebSub topic names it)
            String port = Integer.toString(to.server.actualPort());
            text = text.replace("localhost%3A8080", "127.0.0.1%3A" + port).replace("localhost:8080", "127.0.0.1:" + port);
        }
        HttpRequest.BodyPublisher body = text == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(REPEATED.matcher(text)
                        .replaceAll(m -> Matcher.quoteReplacement(m.group(1) != null
                                ? m.group(1).repeat(Integer.parseInt(m.group(2)))
                                : m.group(3).repeat(Integer.parseInt(m.group(4))))));
        HttpRequest.Builder builder = to.request(request.target()).method(request.method(), body);
        if (request.body() != null) {
            builder.header("Content-Type", "application/json");
        }
        headers.forEach(builder::setHeader);
        return to.send(builder.build());
    }

    static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String shortened(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }
}
