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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * The feed at the URLs people guess and at RSSHub's route: the same entries as {@code /v1/feed} writes for the same
 * channels, format and filters; {@code Accept} picks a reader format on {@code /v1/feed}; options we do not do are
 * named in a header.
 */
class FeedUrlsTest {

    private static final Pattern SELF = Pattern.compile("<link rel=\"self\" href=\"([^\"]+)\"");
    private static final String RESOLVED = "tme_http_feeds_resolved_total";

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

    // A feed request is worked out from its URL once (tme.api.http.ResolvedFeeds): the same URL asked again is
    // answered alike, ahead of the router, without being read again; what else a request's answer depends on (its
    // origin, its Accept) keeps a resolution of its own; a bad request is never kept, a redirect never resolved.

    @Test
    void theSameFeedUrlAgain_isAnsweredAlike_andWorkedOutOnce() {
        HttpResponse<String> first = server.get("/feeds/durov.atom?limit=5");
        HttpResponse<String> again = server.get("/feeds/durov.atom?limit=5");
        assertEquals(200, again.statusCode(), again.body());
        assertEquals(first.body(), again.body());
        assertEquals(first.headers().firstValue("ETag"), again.headers().firstValue("ETag"));
        assertEquals(5, entries(again.body()));
        assertEquals(1, resolved());
        assertEquals(1, ahead(), "the second answered ahead of the router");
        String timer = "tme_http_requests_seconds_count{route=\"/feeds/:file\",status=\"200\",level=";
        assertEquals(1, PrometheusText.of(server).count(timer + "\"upstream\"}"), "the first: routed, a load");
        assertEquals(1, PrometheusText.of(server).count(timer + "\"l1\"}"), "the second: ahead, under its template");
        assertEquals(first.headers().firstValue("Content-Type"), again.headers().firstValue("Content-Type"));

        HttpResponse<String> json = server.get("/v1/feed?channels=durov&limit=3");
        HttpResponse<String> jsonAgain = server.get("/v1/feed?channels=durov&limit=3");
        assertEquals(json.body(), jsonAgain.body());
        assertEquals(List.of("Accept", "accept-encoding"), jsonAgain.headers().allValues("Vary"),
                "Accept chose the format: said on the answer found resolved too");
        assertEquals(2, resolved());
        assertEquals(2, ahead());
    }

    @Test
    void anotherOrigin_orAnotherAccept_isResolvedApart() {
        String http = self(server.get("/feeds/durov.atom"));
        String https = self(server.get("/feeds/durov.atom", "X-Forwarded-Proto", "https"));
        assertTrue(http.startsWith("http://127.0.0.1:"), http);
        assertTrue(https.startsWith("https://127.0.0.1:"), https);
        assertEquals(http, self(server.get("/feeds/durov.atom")));
        assertEquals(2, resolved());

        assertEquals(200, server.get("/v1/feed?channels=durov", "Accept", "application/json").statusCode());
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> reader = server.get("/v1/feed?channels=durov", "Accept", "application/atom+xml");
            assertEquals(303, reader.statusCode(), "a reader's Accept moves it to the format's URL, every time");
            assertEquals("/v1/feed?channels=durov&format=atom", reader.headers().firstValue("Location").orElseThrow());
        }
        assertEquals(200, server.get("/v1/feed?channels=durov", "Accept", "application/json").statusCode());
        assertEquals(3, resolved(), "two origins, one JSON request; the redirects are never resolved");
    }

    @Test
    void aBadFeedRequest_isAnsweredAsBefore_andNeverKept() {
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> bad = server.get("/feeds/durov.txt");
            assertEquals(422, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("a feed's file name ends in .atom, .rss or .json"), bad.body());
        }
        assertEquals(2, resolved());
    }

    @Test
    void rssHubsIgnoredOptions_areNamedOnEveryAnswer() {
        String url = "/telegram/channel/durov/showLinkPreview=0&includeFwd=0?filter=x";
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> answer = server.get(url);
            assertEquals(200, answer.statusCode(), answer.body());
            assertEquals("showLinkPreview, filter", answer.headers().firstValue("X-Ignored-Options").orElseThrow());
        }
        assertEquals(1, resolved());
        assertEquals(1, ahead());
    }

    private long ahead() {
        return PrometheusText.of(server).count("tme_http_requests_ahead_total");
    }

    private long resolved() {
        return PrometheusText.of(server).count(RESOLVED);
    }

    private static String self(HttpResponse<String> atom) {
        assertEquals(200, atom.statusCode(), atom.body());
        Matcher self = SELF.matcher(atom.body());
        assertTrue(self.find(), atom.body());
        return self.group(1);
    }

    private static int entries(String atom) {
        return atom.split("<entry>", -1).length - 1;
    }
}
