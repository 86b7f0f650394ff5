package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * {@code /}: channels pasted as people paste them show as cards with their titles and feed URLs, an unknown name
 * says why; checked in the HTML the server writes, and in headless Chromium's DOM and screenshot when Chromium is on
 * the machine ({@code apt-get install chromium}; not installed by {@code ./tme test}, to keep a fresh CI run short).
 */
class HomePageTest {

    static final String PASTED = "durov, @meduzalive\nhttps://t.me/topwar_official, zzqxnonexistent, not-a-name";

    final TestServer server = new TestServer(Map.of(), new TestClock(Instant.parse("2026-05-06T00:00:00Z")), null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void pastedChannels_showAsCards_withTheirFeeds_andAnUnknownOneSaysWhy() {
        HttpResponse<String> page = server.get(path());
        assertEquals(200, page.statusCode());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElseThrow());
        cards(Jsoup.parse(page.body()));
    }

    @Test
    void theBareHomePage_isAFormWithLinks() {
        Document page = Jsoup.parse(server.get("/").body());
        assertEquals(1, page.select("form textarea[name=channels]").size());
        assertEquals(List.of("/docs", "/graphiql/", "/openapi.json", "/healthz"),
                page.select("p > a").eachAttr("href"));
        assertEquals(0, page.select("script, link[rel=stylesheet]").size(), "nothing to load from anywhere");
    }

    @Test
    void inHeadlessChromium_theCardsAreInTheDom_andOnTheScreenshot() throws Exception {
        Chromium.assumeInstalled();
        String url = "http://127.0.0.1:" + server.server.actualPort() + path();
        cards(Jsoup.parse(Chromium.run(List.of("--dump-dom", url))));
        Path screenshot = Files.createTempFile("home", ".png");
        try {
            Chromium.run(List.of("--screenshot=" + screenshot, "--window-size=1000,1400", url));
            byte[] png = Files.readAllBytes(screenshot);
            assertTrue(png.length > 10_000, "a screenshot of the page: " + png.length + " bytes");
            assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII));
        } finally {
            Files.deleteIfExists(screenshot);
        }
    }

    /** The three channels' cards, the unknown one's and the invalid one's reasons, and the merged feeds. */
    private void cards(Document page) {
        assertEquals(List.of("Pavel Durov", "Медуза — LIVE", "Военное обозрение"), page.select(".card h2.title")
                .eachText().subList(0, 3).stream().map(title -> title.length() > 40 ? title.substring(0, 40) : title)
                .map(String::strip).toList());
        String base = "http://127.0.0.1:" + server.server.actualPort();
        Element durov = page.selectFirst("#durov");
        assertEquals(List.of(base + "/feeds/durov.atom", base + "/feeds/durov.rss", base + "/feeds/durov.json",
                base + "/v1/body/durov", base + "/v1/stream?channels=durov"), durov.select("input.url").eachAttr("value"));
        assertEquals("/v1/media/durov/avatar", durov.selectFirst("img").attr("src"));
        List<String> problems = page.select(".failed .problem").eachText();
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("zzqxnonexistent does not exist"), problems.get(0));
        assertTrue(problems.get(1).contains("must be a channel name"), problems.get(1));
        assertEquals(List.of(base + "/feeds/durov+meduzalive+topwar_official.atom",
                base + "/feeds/durov+meduzalive+topwar_official.rss",
                base + "/feeds.opml?channels=durov,meduzalive,topwar_official"),
                page.select("#all input.url").eachAttr("value"));
    }

    private static String path() {
        return "/?channels=" + URLEncoder.encode(PASTED, StandardCharsets.UTF_8);
    }
}
