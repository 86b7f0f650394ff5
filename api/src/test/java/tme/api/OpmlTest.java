package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rometools.opml.feed.opml.Opml;
import com.rometools.opml.feed.opml.Outline;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.feed.OpmlDocuments;

/**
 * OPML both ways: {@code /feeds.opml} lists channels with their titles and feed URLs here; {@code /v1/opml/import}
 * turns RSSHub's, RSS-Bridge's and t.me links into ours, keeps the rest in a folder that says so, and reads no
 * DOCTYPE.
 */
class OpmlTest {

    static final String RSSHUB_EXPORT = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>My reader</title></head>
              <body>
                <outline text="Telegram">
                  <outline text="Durov" title="Durov" type="rss" xmlUrl="https://rsshub.app/telegram/channel/durov"/>
                  <outline text="Meduza" type="rss"
                      xmlUrl="http://localhost:1200/telegram/channel/meduzalive/includeFwd=0&amp;showLinkPreview=0"/>
                  <outline text="Topwar" type="rss"
                      xmlUrl="https://bridge.example/?action=display&amp;bridge=TelegramBridge&amp;username=%40topwar_official&amp;format=Atom"/>
                </outline>
                <outline text="A blog" type="rss" xmlUrl="https://blog.example/feed.xml" htmlUrl="https://blog.example/"/>
                <outline text="Linked only" htmlUrl="https://t.me/s/durov"/>
              </body>
            </opml>
            """;

    final TestServer server = new TestServer(Map.of());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anExport_listsEachChannel_withItsTitle_feed_andPage() {
        HttpResponse<String> answer = server.get("/feeds.opml?channels=durov,@meduzalive");
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("text/x-opml; charset=utf-8", answer.headers().firstValue("Content-Type").orElseThrow());
        List<Outline> outlines = read(answer).getOutlines();
        String base = "http://127.0.0.1:" + server.server.actualPort();
        assertEquals(List.of("Pavel Durov", base + "/feeds/durov.atom", "https://t.me/durov"), fields(outlines.get(0)));
        assertEquals(base + "/feeds/meduzalive.atom", outlines.get(1).getXmlUrl());
        assertEquals(2, outlines.size());
        assertEquals(base + "/feeds/durov.rss", read(server.get("/feeds.opml?channels=durov&format=rss"))
                .getOutlines().getFirst().getXmlUrl());
    }

    @Test
    void anRssHubExport_movesOver_eachFeedAsItWas_andWhatIsNotTelegramStaysInAFolderThatSaysSo() {
        HttpResponse<String> answer = post("", RSSHUB_EXPORT);
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("4", answer.headers().firstValue("X-Opml-Mapped").orElseThrow());
        assertEquals("1", answer.headers().firstValue("X-Opml-Unmapped").orElseThrow());
        assertEquals("showLinkPreview", answer.headers().firstValue("X-Ignored-Options").orElseThrow());
        Opml opml = read(answer);
        String base = "http://127.0.0.1:" + server.server.actualPort();
        List<Outline> telegram = opml.getOutlines().get(0).getChildren();
        assertEquals("Telegram", opml.getOutlines().get(0).getText());
        assertEquals(List.of(base + "/feeds/durov.rss", base + "/feeds/meduzalive.rss?forwards=false",
                        base + "/feeds/topwar_official.atom"), telegram.stream().map(Outline::getXmlUrl).toList(),
                "RSSHub's default format and its route parameters; RSS-Bridge's format=Atom");
        assertEquals(List.of("Durov", "Meduza", "Topwar"), telegram.stream().map(Outline::getText).toList());
        assertEquals(base + "/feeds/durov.atom", opml.getOutlines().get(1).getXmlUrl(), "a t.me link alone");
        Outline notMoved = opml.getOutlines().get(2);
        assertEquals("Not moved to tme-api (1)", notMoved.getText());
        assertEquals("https://blog.example/feed.xml", notMoved.getChildren().getFirst().getXmlUrl());
        assertEquals(3, opml.getOutlines().size());

        HttpResponse<String> feed = server.get(URI.create(telegram.get(1).getXmlUrl()).getRawPath() + "?"
                + URI.create(telegram.get(1).getXmlUrl()).getRawQuery());
        assertEquals(200, feed.statusCode());
        assertTrue(feed.body().contains("<rss"), "the URL it gives is a feed here");
    }

    @Test
    void theImportsFormat_putsEveryFeedInIt_andItsPages_deepenThoseNamingNone() {
        String export = """
                <opml version="2.0"><head><title>x</title></head><body>
                  <outline text="Durov" xmlUrl="https://rsshub.app/telegram/channel/durov/searchQuery=ton?format=json"/>
                  <outline text="Ours" xmlUrl="https://old.example/feeds/durov+meduzalive.rss?pages=2&amp;replies=false&amp;x=1"/>
                  <outline text="Link" htmlUrl="https://t.me/meduzalive"/>
                </body></opml>
                """;
        String base = "http://127.0.0.1:" + server.server.actualPort();

        assertEquals(List.of(base + "/feeds/durov.json?include=ton", base + "/feeds/durov+meduzalive.rss?pages=2&replies=false",
                base + "/feeds/meduzalive.atom"), urls(post("", export)), "each as it was");
        assertEquals(List.of(base + "/feeds/durov.atom?include=ton&pages=3",
                base + "/feeds/durov+meduzalive.atom?pages=2&replies=false", base + "/feeds/meduzalive.atom?pages=3"),
                urls(post("?format=atom&pages=3", export)), "one format for all; pages where none was named");
    }

    @Test
    void aFormatWeDoNotWrite_isNamedAsIgnored_andTheFeedTakesTheDefault() {
        String export = """
                <opml version="2.0"><head><title>x</title></head><body>
                  <outline text="A" xmlUrl="https://rsshub.app/telegram/channel/durov?format=rss3"/>
                  <outline text="B" xmlUrl="https://bridge.example/?action=display&amp;bridge=TelegramBridge&amp;username=meduzalive&amp;format=Html"/>
                  <outline text="C" xmlUrl="https://old.example/v1/feed?channels=durov&amp;format=jsonfeed"/>
                  <outline text="D" xmlUrl="https://old.example/v1/feed?channels=meduzalive&amp;format=json"/>
                  <outline text="E" xmlUrl="https://old.example/feeds/durov.xml"/>
                </body></opml>
                """;
        String base = "http://127.0.0.1:" + server.server.actualPort();
        HttpResponse<String> answer = post("", export);

        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("4", answer.headers().firstValue("X-Opml-Mapped").orElseThrow());
        assertEquals("1", answer.headers().firstValue("X-Opml-Unmapped").orElseThrow(), "no feed file of ours: .xml");
        assertEquals("format=Html, format=rss3", answer.headers().firstValue("X-Ignored-Options").orElseThrow());
        assertEquals(List.of(base + "/feeds/durov.rss", base + "/feeds/meduzalive.atom", base + "/feeds/durov.json",
                base + "/feeds/meduzalive.atom"), urls(answer).subList(0, 4),
                "RSSHub's default is RSS, the others' Atom; jsonfeed is JSON Feed; our JSON answer is no reader's feed");
        assertEquals("https://old.example/feeds/durov.xml",
                read(answer).getOutlines().getLast().getChildren().getFirst().getXmlUrl());
    }

    @Test
    void aDoctype_orSomethingElse_is422_andNothingIsRead() {
        String entity = """
                <?xml version="1.0"?>
                <!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                <opml version="2.0"><head><title>&x;</title></head><body/></opml>
                """;
        HttpResponse<String> refused = post(entity);
        assertEquals(422, refused.statusCode());
        assertEquals("body", TestServer.json(refused).getString("parameter"));
        assertTrue(!refused.body().contains("root:"), refused.body());
        assertEquals(422, post("{\"channels\":[\"durov\"]}").statusCode());
        assertEquals(422, post("<rss version=\"2.0\"/>").statusCode());
    }

    private HttpResponse<String> post(String body) {
        return post("", body);
    }

    private HttpResponse<String> post(String query, String body) {
        return server.send(server.request("/v1/opml/import" + query, "Content-Type", "text/x-opml")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build());
    }

    private static Opml read(HttpResponse<String> answer) {
        return OpmlDocuments.read(answer.body().getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> urls(HttpResponse<String> answer) {
        assertEquals(200, answer.statusCode(), answer.body());
        return read(answer).getOutlines().stream().map(Outline::getXmlUrl).toList();
    }

    private static List<String> fields(Outline outline) {
        return List.of(outline.getTitle(), outline.getXmlUrl(), outline.getHtmlUrl());
    }
}
