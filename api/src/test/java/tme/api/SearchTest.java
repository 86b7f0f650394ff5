package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.Invalid.assertInvalid;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;
import tme.scraper.model.Post;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.SearchPage;

/**
 * {@code GET /v1/search/{channel}} and GraphQL {@code search} against the fake t.me, which answers {@code ?q=} as
 * t.me does ({@link SearchPage} over the recorded pages): exactly the posts holding the word, as {@code /v1/body}
 * writes them; one cache entry (and one t.me request) per normalised query; no match a 200 without posts; paging
 * with {@code before}; a hashtag; bad queries a 422 before t.me; a page that is not a search answer never stored.
 */
class SearchTest {

    final TestClock clock = new TestClock(FeedTest.NOW);
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    /** The ids of the recorded durov posts whose text or link preview holds {@code word}. */
    static List<Integer> durovHolding(String word) {
        return FeedTest.page("s-durov-2026-05-hortay.html").posts().stream()
                .filter(FeedFiltersTest.holding(word)).map(Post::id).toList();
    }

    static List<Integer> ids(JsonObject body) {
        List<Integer> ids = new ArrayList<>();
        body.getJsonObject("content").getJsonArray("posts").forEach(post -> ids.add(((JsonObject) post).getInteger("id")));
        return ids;
    }

    static String query(String q) {
        return URLEncoder.encode(q, StandardCharsets.UTF_8);
    }

    @Test
    void search_answersExactlyThePostsHoldingTheWord_asBodyWritesThem() {
        HttpResponse<String> answer = server.get("/v1/search/durov?q=telegram");

        assertEquals(200, answer.statusCode(), answer.body());
        JsonObject found = TestServer.json(answer);
        assertEquals(durovHolding("telegram"), ids(found));
        assertEquals(12, ids(found).size());
        JsonObject body = TestServer.json(server.get("/v1/body/durov"));
        assertEquals(body.getJsonObject("channel"), found.getJsonObject("channel"));
        JsonArray posts = found.getJsonObject("content").getJsonArray("posts");
        for (Object post : posts) {
            int id = ((JsonObject) post).getInteger("id");
            assertEquals(body.getJsonObject("content").getJsonArray("posts").stream()
                    .filter(p -> ((JsonObject) p).getInteger("id") == id).findFirst().orElseThrow(), post,
                    "the post as /v1/body writes it: t.me's highlights are not part of it");
        }
        assertEquals(new JsonObject().put("offset", new JsonObject()), found.getJsonObject("meta"), "no older matches");
        assertEquals(1, server.tme.hits("/s/durov?q=telegram"));
    }

    @Test
    void anyChannel_telegramAsTheRecordedDurov_findsTheWordInAnyCase() {
        server.tme.anyChannelAs("durov");

        JsonObject found = TestServer.json(server.get("/v1/search/telegram?q=WhatsApp"));

        assertEquals(durovHolding("whatsapp"), ids(found));
        assertEquals(List.of(483, 485, 487), ids(found));
        assertEquals("telegram", found.getJsonObject("channel").getString("username"));
        assertEquals(1, server.tme.hits("/s/telegram?q=whatsapp"));
    }

    @Test
    void theSameSearch_inAnotherCaseOrWithSpaces_costsNoSecondTmeRequest() {
        String first = server.get("/v1/search/durov?q=telegram").body();
        HttpResponse<String> upper = server.get("/v1/search/DUROV?q=TeleGram");
        HttpResponse<String> spaced = server.get("/v1/search/durov?q=%20%20telegram%09");

        assertEquals(first, upper.body());
        assertEquals(first, spaced.body());
        assertEquals("L1", upper.headers().firstValue("X-Cache").orElseThrow());
        assertEquals("L1", spaced.headers().firstValue("X-Cache").orElseThrow());
        assertEquals(1, server.tme.totalHits());
        assertEquals(200, server.get("/v1/search/durov?q=digital%20%20SERVICES").statusCode());
        assertEquals(2, server.tme.totalHits(), "another query is another entry");
        assertEquals(1, server.tme.hits("/s/durov?q=digital+services"), "sent normalised");
    }

    @Test
    void aSearchWithNoMatch_is200WithNoPosts_storedLikeAnyAnswer() {
        HttpResponse<String> none = server.get("/v1/search/durov?q=zzqwxnonexistentterm");

        assertEquals(200, none.statusCode(), none.body());
        JsonObject body = TestServer.json(none);
        assertEquals(new JsonArray(), body.getJsonObject("content").getJsonArray("posts"));
        assertEquals("Pavel Durov", body.getJsonObject("channel").getJsonObject("title").getString("string"));
        assertTrue(none.headers().firstValue("ETag").isPresent());
        assertEquals("L1", server.get("/v1/search/durov?q=ZZQWXnonexistentterm").headers().firstValue("X-Cache")
                .orElseThrow());
        assertEquals(1, server.tme.totalHits());
    }

    @Test
    void aHashtagSearch_findsThePostsWithThatHashtag() {
        // The recorded full pages have no hashtags; recorded posts that do are added to durov's page.
        String durov = Fixtures.read("s-durov-2026-05-hortay.html");
        String tagged = wrap("frag-any2feed-message_media_photo_and_video.html")
                + wrap("frag-tchantest-message_weird_preview.html");
        org.jsoup.nodes.Document page = Jsoup.parse(durov);
        page.outputSettings().prettyPrint(false);
        page.selectFirst("section.tgme_channel_history").append(tagged);
        server.tme.page("durov", page.outerHtml());

        JsonObject belgorod = TestServer.json(server.get("/v1/search/durov?q=" + query("#Белгород")));
        JsonObject punicao = TestServer.json(server.get("/v1/search/durov?q=" + query("#punição_ampliada")));
        JsonObject plain = TestServer.json(server.get("/v1/search/durov?q=" + query("Беспилотники")));

        assertEquals(List.of(46908), ids(belgorod));
        assertEquals(List.of(7334), ids(punicao));
        assertEquals(List.of(46908), ids(plain), "a plain word finds the hashtag too");
        assertEquals(1, server.tme.hits("/s/durov?q=" + query("#белгород")), "sent case-folded");
    }

    @Test
    void pagingWithBefore_walksOlderMatches() {
        server.tme.searchPageSize(5);
        List<Integer> all = durovHolding("telegram");

        JsonObject newest = TestServer.json(server.get("/v1/search/durov?q=telegram"));
        int before = newest.getJsonObject("meta").getJsonObject("offset").getInteger("before");
        JsonObject older = TestServer.json(server.get("/v1/search/durov?q=telegram&before=" + before));
        GqlPage graphql = GqlPage.of(Gql.data(server, "{ search(channel: \"durov\", q: \"Telegram\", before: " + before
                + ") { content { posts { id } } meta { offset { before after } } } }").getJsonObject("search"));

        assertEquals(all.subList(all.size() - 5, all.size()), ids(newest));
        assertEquals(all.get(all.size() - 5), before);
        assertEquals(all.subList(all.size() - 10, all.size() - 5), ids(older));
        assertEquals(ids(older), graphql.ids());
        assertEquals(older.getJsonObject("meta").getJsonObject("offset").getInteger("before"), graphql.before());
        assertEquals(1, server.tme.hits("/s/durov?q=telegram&before=" + before), "GraphQL read the same entry");
        assertEquals(2, server.tme.totalHits());
    }

    @Test
    void graphqlSearch_givesTheSamePosts_fromTheSameEntry() {
        List<Integer> rest = ids(TestServer.json(server.get("/v1/search/durov?q=telegram")));

        JsonObject data = Gql.data(server, "{ search(channel: \"Durov\", q: \" TELEGRAM \") { channel { username }"
                + " content { posts { id } } } }");

        assertEquals(rest, GqlPage.of(data.getJsonObject("search")).ids());
        assertEquals(1, server.tme.totalHits());
    }

    @Test
    void anEmptyOrLongQuery_is422_beforeTme() {
        assertInvalid(server.get("/v1/search/durov"), "q", "q must be 1 to 128 characters: missing");
        assertInvalid(server.get("/v1/search/durov?q="), "q", "q must be 1 to 128 characters: blank");
        assertInvalid(server.get("/v1/search/durov?q=%20%20"), "q", "q must be 1 to 128 characters: blank");
        assertInvalid(server.get("/v1/search/durov?q=" + "x".repeat(300)), "q", "q must be 1 to 128 characters: 300");
        assertInvalid(server.get("/v1/search/durov?q=a%00b"), "q", "q must not hold control characters: \"a\u0000b\"");
        assertInvalid(server.get("/v1/search/durov?q=telegram&before=abc"), "before",
                "before must be an integer from 1 to 10000000: \"abc\"");
        assertInvalid(server.get("/v1/search/bad-name?q=telegram"), "channel",
                "channel must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a t.me link: \"bad-name\"");
        JsonObject graphql = Gql.answer(Gql.post(server, "{ search(channel: \"durov\", q: \"" + "y".repeat(129)
                + "\") { content { posts { id } } } }"));
        assertNull(graphql.getJsonObject("data").getValue("search"));
        assertEquals("q", Gql.extensions(Gql.error(graphql)).getString("argument"));
        assertEquals(200, server.get("/v1/search/durov?q=" + "z".repeat(128)).statusCode(), "128 is allowed");
        assertEquals(1, server.tme.totalHits());
    }

    @Test
    void aPageThatIsNotASearchAnswer_orAThrottle_isNeverAnEmptyAnswer() {
        String plain = Fixtures.read("s-durov-2026-05-hortay.html");
        server.tme.respond("/s/durov?q=telegram", 200, plain, Map.of("content-type", "text/html; charset=utf-8"));
        server.tme.throttle("/s/meduzalive", Duration.ofSeconds(7));

        HttpResponse<String> ignored = server.get("/v1/search/durov?q=telegram");
        HttpResponse<String> throttled = server.get("/v1/search/meduzalive?q=telegram");

        assertEquals(502, ignored.statusCode(), ignored.body());
        assertEquals("upstream_anomaly", new JsonObject(ignored.body()).getString("code"));
        assertEquals("t.me sent a page we could not read: the search box holds \"\", not the query",
                new JsonObject(ignored.body()).getString("detail"));
        assertEquals(503, throttled.statusCode(), throttled.body());
        assertEquals("upstream_throttled", new JsonObject(throttled.body()).getString("code"));
        assertEquals(1L, CacheHttp.metric(server, "tme_scrape_anomalies_total{kind=\"search_not_echoed\"}"));
        server.tme.reset();
        clock.advance(Duration.ofSeconds(8)); // past the error memo and the fleet's cooldown after the 429
        assertEquals(durovHolding("telegram"), ids(TestServer.json(server.get("/v1/search/durov?q=telegram"))),
                "the anomaly was not stored");
    }

    @Test
    void aRefreshThatFindsNoMatchWhereTheCopyHadSome_keepsTheCopy() {
        List<Integer> before = ids(TestServer.json(server.get("/v1/search/durov?q=telegram")));
        String none = SearchPage.of(Fixtures.read("s-durov-2026-05-hortay.html"), "zzqwx", null, 20)
                .replace("value=\"zzqwx\"", "value=\"telegram\"");
        server.tme.respond("/s/durov?q=telegram", 200, none, Map.of("content-type", "text/html; charset=utf-8"));
        clock.advance(Duration.ofSeconds(25)); // past CACHE_TTL_SEARCH and stale-while-revalidate: a reader waits

        HttpResponse<String> answer = server.get("/v1/search/durov?q=telegram");

        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals(before, ids(TestServer.json(answer)), "the stored matches, not an empty list");
        assertEquals(12, before.size());
        assertEquals(2, server.tme.hits("/s/durov?q=telegram"));
        assertEquals(1L, CacheHttp.metric(server, "tme_scrape_anomalies_total{kind=\"posts_vanished\"}"));
    }

    @Test
    void anUnknownChannel_is404() {
        HttpResponse<String> answer = server.get("/v1/search/zzqxnonexistent?q=telegram");

        assertEquals(404, answer.statusCode(), answer.body());
        assertEquals("channel_not_found", new JsonObject(answer.body()).getString("code"));
        assertFalse(answer.body().contains("posts"));
    }

    /** A recorded fragment's message wrap, its tags closed (the fragments were re-indented upstream). */
    static String wrap(String fragment) {
        return Jsoup.parseBodyFragment(Fixtures.read(fragment)).selectFirst(".tgme_widget_message_wrap").outerHtml();
    }


    /** A GraphQL {@code Body}'s post ids and older-matches cursor. */
    record GqlPage(List<Integer> ids, Integer before) {
        static GqlPage of(JsonObject body) {
            List<Integer> ids = new ArrayList<>();
            body.getJsonObject("content").getJsonArray("posts").forEach(p -> ids.add(((JsonObject) p).getInteger("id")));
            JsonObject meta = body.getJsonObject("meta");
            return new GqlPage(ids, meta == null ? null : meta.getJsonObject("offset").getInteger("before"));
        }
    }
}
