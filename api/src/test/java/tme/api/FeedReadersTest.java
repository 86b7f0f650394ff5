package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rometools.rome.feed.synd.SyndEnclosure;
import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndFeed;
import com.rometools.rome.io.SyndFeedInput;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tme.redis.testing.TestClock;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Media;
import tme.scraper.model.Post;

/**
 * {@code GET /v1/feed?...&format=atom|rss|jsonfeed} from the production server in front of the recorded pages,
 * parsed back with Rome (Atom, RSS) and against JSON Feed 1.1's required fields: the same posts as the JSON feed,
 * newest first, each with its permalink, date, author and media enclosures; the right content types; ETag and 304,
 * and an ETag that holds when the feed is built again from the same posts.
 */
class FeedReadersTest {

    static final ChannelPage DUROV = FeedTest.page("s-durov-2026-05-hortay.html");
    static final String TWO = "/v1/feed?channels=durov,meduzalive&limit=25";

    final TestClock clock = new TestClock(Instant.parse("2026-05-06T00:00:00Z"));
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    static SyndFeed rome(HttpResponse<String> answer) throws Exception {
        return new SyndFeedInput().build(new StringReader(answer.body()));
    }

    /** The JSON feed's posts, as permalinks. */
    Set<String> jsonFeedPermalinks(String query) {
        Set<String> links = new HashSet<>();
        TestServer.json(server.get(query)).getJsonArray("result").forEach(item -> {
            JsonObject post = (JsonObject) item;
            links.add("https://t.me/" + post.getJsonObject("channel").getString("username") + "/" + post.getInteger("id"));
        });
        return links;
    }

    @ParameterizedTest
    @ValueSource(strings = {"atom", "rss"})
    void atomAndRss_parseBackWithTheJsonFeedsPosts_newestFirst(String format) throws Exception {
        HttpResponse<String> answer = server.get(TWO + "&format=" + format);

        assertEquals(200, answer.statusCode());
        assertEquals("application/" + format + "+xml; charset=utf-8",
                answer.headers().firstValue("Content-Type").orElseThrow());
        SyndFeed feed = rome(answer);
        assertEquals("Telegram: @durov, @meduzalive", feed.getTitle());
        assertEquals(25, feed.getEntries().size());
        Set<String> links = new HashSet<>();
        List<Date> dates = new ArrayList<>();
        for (SyndEntry entry : feed.getEntries()) {
            links.add(entry.getLink());
            dates.add(entry.getPublishedDate());
        }
        assertEquals(jsonFeedPermalinks(TWO), links, "the ranking's best 25, as the JSON answer has them");
        for (int i = 1; i < dates.size(); i++) {
            assertTrue(!dates.get(i).after(dates.get(i - 1)), "newest first: " + dates);
        }
        assertEquals(2, server.tme.totalHits(), "the JSON feed and the reader feed read the same pages");
    }

    @ParameterizedTest
    @ValueSource(strings = {"atom", "rss"})
    void oneChannel_itsTitleLinksDatesAuthorAndEnclosures(String format) throws Exception {
        SyndFeed feed = rome(server.get("/v1/feed?channels=durov&format=" + format));

        assertEquals("Pavel Durov", feed.getTitle());
        assertEquals(20, feed.getEntries().size());
        SyndEntry newest = feed.getEntries().getFirst();
        assertEquals("https://t.me/durov/502", newest.getLink());
        assertEquals(Date.from(Instant.parse("2026-05-05T15:46:44Z")), newest.getPublishedDate(), "the recording's");
        assertTrue(newest.getAuthor().contains("Pavel Durov"), newest.getAuthor());
        SyndEntry video = feed.getEntries().stream().filter(e -> e.getLink().endsWith("/490")).findFirst().orElseThrow();
        List<SyndEnclosure> enclosures = video.getEnclosures();
        assertEquals(1, enclosures.size());
        assertEquals(((Media.Video) post(490).content().media().getFirst()).url(), enclosures.getFirst().getUrl());
        assertEquals("video/mp4", enclosures.getFirst().getType());
    }

    @Test
    void atom_idAndSelfLink_areTheFeedsNormalUrl_onTheHostAsked() throws Exception {
        String self = "https://feeds.example/v1/feed?channels=durov&format=atom";
        String answer = rawGet("/v1/feed?format=atom&channels=DUROV", "feeds.example", "X-Forwarded-Proto: https");

        SyndFeed feed = new SyndFeedInput().build(new StringReader(answer.substring(answer.indexOf("\r\n\r\n") + 4)));
        assertEquals(self, feed.getUri());
        assertTrue(feed.getLinks().stream().anyMatch(link -> "self".equals(link.getRel()) && self.equals(link.getHref())));
        assertEquals("https://t.me/durov/502", feed.getEntries().getFirst().getUri());
    }

    @Test
    void jsonFeed_requiredFieldsAndAttachments() {
        HttpResponse<String> answer = server.get("/v1/feed?channels=durov&format=jsonfeed");

        assertEquals("application/feed+json; charset=utf-8", answer.headers().firstValue("Content-Type").orElseThrow());
        JsonObject feed = TestServer.json(answer);
        assertEquals("https://jsonfeed.org/version/1.1", feed.getString("version"));
        assertEquals("Pavel Durov", feed.getString("title"));
        JsonArray items = feed.getJsonArray("items");
        assertEquals(20, items.size());
        for (int i = 0; i < items.size(); i++) {
            JsonObject item = items.getJsonObject(i);
            assertTrue(item.getString("id").startsWith("https://t.me/durov/"), item.encode());
            assertTrue(item.containsKey("content_html") || item.containsKey("content_text"), item.encode());
        }
        JsonObject video = items.stream().map(JsonObject.class::cast)
                .filter(item -> item.getString("id").endsWith("/490")).findFirst().orElseThrow();
        assertEquals(Instant.parse("2026-04-15T20:18:53Z"), Instant.parse(video.getString("date_published")),
                "the recording's");
        assertEquals("video/mp4", video.getJsonArray("attachments").getJsonObject(0).getString("mime_type"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"atom", "rss", "jsonfeed"})
    void etag_304OnAMatch_andTheSameEtagWhenBuiltAgainFromTheSamePosts(String format) {
        String query = "/v1/feed?channels=durov&format=" + format;
        HttpResponse<String> first = server.get(query);
        String etag = first.headers().firstValue("ETag").orElseThrow();

        assertEquals(304, server.get(query, "If-None-Match", etag).statusCode());
        clock.advance(Duration.ofSeconds(30)); // past the built feed's life: built again, the scores moved on
        HttpResponse<String> rebuilt = server.get(query, "If-None-Match", etag);
        assertEquals(304, rebuilt.statusCode(), "the same posts, the same bytes");
        assertEquals(2L, Fleet.metric(server, "tme_feed_builds_total"));
    }

    @Test
    void aReaderFeedOfAnUnknownChannel_is404() {
        HttpResponse<String> answer = server.get("/v1/feed?channels=zzqxnonexistent&format=atom");

        assertEquals(404, answer.statusCode());
        assertEquals("channel_not_found", new JsonObject(answer.body()).getString("code"));
    }

    /** A GET with a Host header of our choosing (the JDK client will not send one); the whole answer. */
    private String rawGet(String target, String host, String header) throws java.io.IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.server.actualPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + header
                    + "\r\nConnection: close\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static Post post(int id) {
        return DUROV.posts().stream().filter(p -> p.id() == id).findFirst().orElseThrow();
    }
}
