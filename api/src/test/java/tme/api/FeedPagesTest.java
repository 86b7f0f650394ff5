package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * Feeds several pages deep ({@code pages=N}), on one server without Redis: t.me shows durov's newest 5 posts
 * ({@link DeepPages}) and 5 per {@code before=} page, so a feed of 3 pages holds exactly the recording's newest 15
 * posts, each page read through the entry {@code /v1/more/durov/before/<id>} answers: 3 t.me requests cold, none warm,
 * none for a shallower feed of the same channel or a client paging by hand, and a bad {@code pages} is a 422 naming it.
 */
class FeedPagesTest {

    static final Instant NOW = Instant.parse("2026-05-06T00:00:00Z");

    final TestServer server = new TestServer(Map.of(), new TestClock(NOW), null);

    @BeforeEach
    void fiveAPage() {
        server.tme.page("durov", DeepPages.durovShowing(15, 20)).morePageSize(5);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aFeedThreePagesDeep_holdsThreePagesOfPosts_forThreeTmeRequestsCold_andNoneWarm() {
        JsonObject feed = TestServer.json(server.get("/v1/feed?channels=durov&pages=3"));

        assertEquals(DeepPages.ids(5, 20), DeepPages.feedIds(feed), "the latest page and the two before it");
        assertEquals(1, server.tme.hits("/s/durov"));
        assertEquals(1, server.tme.hits("/s/durov?before=498"), "before the latest page's oldest post");
        assertEquals(1, server.tme.hits("/s/durov?before=493"), "before the oldest post so far");
        assertEquals(3, server.tme.totalHits());

        assertEquals(feed, TestServer.json(server.get("/v1/feed?channels=DUROV&pages=3")), "the same feed, stored");
        assertEquals(DeepPages.ids(5, 20),
                DeepPages.feedIds(TestServer.json(server.get("/v1/feed?channels=durov&pages=3&limit=50"))),
                "another feed as deep: built again from the stored pages");
        assertEquals(3, server.tme.totalHits(), "warm: no t.me request");
    }

    @Test
    void aShallowerFeed_andAClientPagingByHand_readTheSamePages() {
        assertEquals(200, server.get("/v1/feed?channels=durov&pages=3").statusCode());

        JsonObject two = TestServer.json(server.get("/v1/feed?channels=durov&pages=2"));
        JsonObject more = TestServer.json(server.get("/v1/more/durov/before/498"));

        assertEquals(DeepPages.ids(10, 20), DeepPages.feedIds(two));
        assertEquals(DeepPages.ids(10, 15), more.getJsonArray("posts").stream()
                .map(post -> ((JsonObject) post).getInteger("id")).toList());
        assertEquals("L1", server.get("/v1/more/durov/before/493").headers().firstValue("X-Cache").orElseThrow());
        assertEquals(3, server.tme.totalHits(), "every page was loaded by the first feed");
    }

    @Test
    void aFeedDeeperThanTheChannel_stopsAtItsFirstPost() {
        server.tme.page("durov", DeepPages.durovShowing(5, 10)).morePageSize(5);

        JsonObject feed = TestServer.json(server.get("/v1/feed?channels=durov&pages=5"));

        assertEquals(DeepPages.ids(0, 10), DeepPages.feedIds(feed));
        assertEquals(1, server.tme.hits("/s/durov?before=487"));
        assertEquals(2, server.tme.totalHits(), "the page before 481 is never asked for: nothing is older");
    }

    @Test
    void readerFeeds_takePages_andNameItInTheirOwnUrl() {
        HttpResponse<String> atom = server.get("/feeds/durov.atom?pages=3");
        HttpResponse<String> rssHub = server.get("/telegram/channel/durov?pages=2&format=atom");

        assertEquals(200, atom.statusCode(), atom.body());
        assertEquals(15, count(atom.body(), "<entry>"));
        assertTrue(atom.body().contains("/v1/feed?channels=durov&amp;pages=3&amp;format=atom"), atom.body());
        assertEquals(200, rssHub.statusCode(), rssHub.body());
        assertEquals(10, count(rssHub.body(), "<entry>"));
        assertTrue(rssHub.headers().firstValue("X-Ignored-Options").isEmpty(), "pages is read, not ignored");
        assertEquals(3, server.tme.totalHits());
    }

    @Test
    void theHomePageAndOpml_nameFeedUrlsThatDeep() {
        String home = server.get("/?channels=durov,meduzalive&pages=3").body();
        String opml = server.get("/feeds.opml?channels=durov&pages=2&format=rss").body();

        assertTrue(home.contains("/feeds/durov.atom?pages=3\""), home);
        assertTrue(home.contains("/feeds/durov+meduzalive.rss?pages=3\""), home);
        assertTrue(home.contains("/feeds.opml?channels=durov,meduzalive&amp;pages=3\""), home);
        assertTrue(home.contains("name=\"pages\" value=\"3\""), "kept in the form: " + home);
        assertTrue(opml.contains("/feeds/durov.rss?pages=2\""), opml);
        assertInvalid(server.get("/feeds.opml?channels=durov&pages=0"), "pages must be an integer from 1 to 5 "
                + "(FEED_MAX_PAGES): \"0\"");
        assertInvalid(server.get("/?channels=durov&pages=x"), "pages must be an integer from 1 to 5 "
                + "(FEED_MAX_PAGES): \"x\"");
    }

    @Test
    void graphQLFeed_takesPages_pricedOneLoadPerPage() {
        JsonObject data = Gql.data(server, "{ feed(channels: [\"durov\"], pages: 3) { result { id } } }");

        assertEquals(DeepPages.ids(5, 20), DeepPages.feedIds(data.getJsonObject("feed")));
        assertEquals(3, server.tme.totalHits());
        // 100 names 2 deep may load 200 pages: over GRAPHQL_MAX_COST (100), refused before anything runs.
        String names = java.util.stream.IntStream.range(0, 100).mapToObj(i -> "\"channel" + i + "\"")
                .collect(java.util.stream.Collectors.joining(","));
        JsonObject refused = Gql.answer(Gql.post(server, "{ feed(channels: [" + names + "], pages: 2) { result { id } } }"));
        assertEquals("The query may load 200 pages from t.me; at most 100 are allowed",
                Gql.error(refused).getString("message"));
        assertEquals(3, server.tme.totalHits());
    }

    @Test
    void badPages_are422NamingPages_andReachNoChannel() {
        String detail = "pages must be an integer from 1 to 5 (FEED_MAX_PAGES): ";
        assertInvalid(server.get("/v1/feed?channels=durov&pages=0"), detail + "\"0\"");
        assertInvalid(server.get("/v1/feed?channels=durov&pages=6"), detail + "\"6\"");
        assertInvalid(server.get("/v1/feed?channels=durov&pages=three"), detail + "\"three\"");
        assertInvalid(server.get("/v1/feed?channels=durov&pages=-1"), detail + "\"-1\"");
        assertInvalid(server.get("/feeds/durov.atom?pages=0"), detail + "\"0\"");
        assertInvalid(server.get("/telegram/channel/durov?pages=9"), detail + "\"9\"");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\"],\"pages\":0}"), detail + "0");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\"],\"pages\":\"2\"}"),
                "pages must be an integer: \"2\"");
        JsonObject graphql = Gql.answer(Gql.post(server, "{ feed(channels: [\"durov\"], pages: 6) { result { id } } }"));
        assertEquals("pages", Gql.extensions(Gql.error(graphql)).getString("argument"));
        assertEquals(0, server.tme.totalHits());
    }

    private static void assertInvalid(HttpResponse<String> answer, String detail) {
        assertEquals(422, answer.statusCode(), answer.body());
        JsonObject problem = new JsonObject(answer.body());
        assertEquals("invalid_parameter", problem.getString("code"));
        assertEquals("pages", problem.getString("parameter"));
        assertEquals(detail, problem.getString("detail"));
    }

    private static int count(String text, String what) {
        Matcher matcher = Pattern.compile(Pattern.quote(what)).matcher(text);
        int found = 0;
        while (matcher.find()) {
            found++;
        }
        return found;
    }
}
