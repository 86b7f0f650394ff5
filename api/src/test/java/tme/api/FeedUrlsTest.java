package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndFeed;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * The feed at the URLs people guess and at RSSHub's route: the same entries as {@code /v1/feed} writes for the same
 * channels, format and filters; {@code Accept} picks a reader format on {@code /v1/feed}; options we do not do are
 * named in a header.
 */
class FeedUrlsTest {

    final TestClock clock = new TestClock(Instant.parse("2026-05-06T00:00:00Z"));
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void feedsFiles_andRssHubsRoute_holdTheEntriesOfV1Feed() throws Exception {
        List<String> atom = ids(read("/v1/feed?channels=durov&format=atom", "application/atom+xml"));
        assertEquals(20, atom.size(), atom.toString());
        assertEquals(atom, ids(read("/feeds/durov.atom", "application/atom+xml")));
        assertEquals(atom, ids(read("/feeds/@durov.atom", "application/atom+xml")));
        assertEquals(atom, ids(read("/telegram/channel/durov?format=atom", "application/atom+xml")));

        List<String> rss = ids(read("/v1/feed?channels=durov&format=rss", "application/rss+xml"));
        assertEquals(rss, ids(read("/telegram/channel/durov", "application/rss+xml")), "RSS, as RSSHub's default");
        assertEquals(rss, ids(read("/feeds/durov.rss", "application/rss+xml")));
    }

    @Test
    void aMergedFeedFile_isTheMergedFeed_inJsonFeed() {
        HttpResponse<String> merged = server.get("/feeds/durov+meduzalive.json?limit=30");
        assertEquals(200, merged.statusCode(), merged.body());
        assertTrue(merged.headers().firstValue("Content-Type").orElseThrow().startsWith("application/feed+json"));
        assertEquals(TestServer.json(server.get("/v1/feed?channels=meduzalive,durov&limit=30&format=jsonfeed"))
                .getJsonArray("items"), new JsonObject(merged.body()).getJsonArray("items"));
        assertEquals(30, new JsonObject(merged.body()).getJsonArray("items").size());
    }

    @Test
    void rssHubsOptions_becomeOurFilters_andTheOthersAreNamed() throws Exception {
        HttpResponse<String> answer = server.get(
                "/telegram/channel/durov/showLinkPreview=0&includeFwd=0&includeReply=1&searchQuery=WhatsApp?filter=x");
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("showLinkPreview, filter", answer.headers().firstValue("X-Ignored-Options").orElseThrow());
        List<String> ours = ids(read("/v1/feed?channels=durov&format=rss&forwards=false&include=WhatsApp",
                "application/rss+xml"));
        assertTrue(ours.size() >= 1 && ours.size() < 20, ours.toString());
        assertEquals(ours, ids(FeedReadersTest.rome(answer)));
        assertEquals(ours, ids(read("/telegram/channel/durov/WhatsApp", "application/rss+xml")),
                "route parameters naming no option are one search query, as RSSHub reads them");
    }

    @Test
    void acceptPicksTheFormat_onItsOwnUrl() {
        HttpResponse<String> negotiated = server.get("/v1/feed?channels=durov", "Accept",
                "application/atom+xml, application/xml;q=0.9, */*;q=0.8");
        assertEquals(303, negotiated.statusCode());
        assertEquals("/v1/feed?channels=durov&format=atom", negotiated.headers().firstValue("Location").orElseThrow());
        assertEquals("no-store", negotiated.headers().firstValue("Cache-Control").orElseThrow());
        assertTrue(negotiated.headers().allValues("Vary").contains("Accept"), negotiated.headers().map().toString());

        HttpResponse<String> json = server.get("/v1/feed?channels=durov", "Accept", "application/json, */*");
        assertEquals(200, json.statusCode());
        assertTrue(json.headers().allValues("Vary").contains("Accept"), json.headers().map().toString());
        assertEquals(20, TestServer.json(json).getJsonArray("result").size());
        assertEquals(200, server.get("/v1/feed?channels=durov&format=json", "Accept", "application/atom+xml")
                .statusCode(), "an explicit format wins");
    }

    @Test
    void aFileWithoutAFeedExtension_is422() {
        HttpResponse<String> refused = server.get("/feeds/durov.txt");
        assertEquals(422, refused.statusCode());
        assertEquals("file", TestServer.json(refused).getString("parameter"));
        assertEquals(422, server.get("/telegram/channel/durov?format=rss3").statusCode());
    }

    private SyndFeed read(String path, String type) throws Exception {
        HttpResponse<String> answer = server.get(path);
        assertEquals(200, answer.statusCode(), path + ": " + answer.body());
        assertTrue(answer.headers().firstValue("Content-Type").orElseThrow().startsWith(type), path);
        return FeedReadersTest.rome(answer);
    }

    private static List<String> ids(SyndFeed feed) {
        return feed.getEntries().stream().map(SyndEntry::getUri).toList();
    }
}
