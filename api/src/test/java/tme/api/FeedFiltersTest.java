package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.Invalid.assertInvalid;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.feed.RankedPost;
import tme.api.feed.Ranking;
import tme.redis.testing.TestClock;
import tme.scraper.model.Content;
import tme.scraper.model.Media;
import tme.scraper.model.Post;

/**
 * Feed filters on {@code GET}/{@code POST /v1/feed}, GraphQL {@code feed} and a reader format, over the recorded
 * pages: each kept list is the documented ranking of the same pages with the posts the filter drops taken out,
 * computed here from the parsed pages with an oracle of its own (a regular expression for a whole word, the model
 * for media and kinds), so "exactly the posts holding it" is checked post by post. Also: {@code limit} counts what
 * is kept, equal filters written differently are one build, and bad values are a 422 naming the parameter.
 */
class FeedFiltersTest {

    static final String TWO = "/v1/feed?channels=durov,meduzalive";

    final TestClock clock = new TestClock(FeedTest.NOW);
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    /** The ranking of durov's and meduzalive's pages, every post, then {@code keep}, then {@code limit}. */
    static List<String> expected(Predicate<Post> keep, int limit) {
        List<String> ids = new ArrayList<>();
        for (RankedPost ranked : Ranking.rank(List.of(FeedTest.page("s-durov-2026-05-hortay.html"),
                FeedTest.page("s-meduzalive-2026-05-hortay.html")), FeedTest.NOW, 500)) {
            if (ids.size() < limit && keep.test(ranked.item().post())) {
                ids.add(ranked.item().channelName() + "/" + ranked.item().post().id());
            }
        }
        return ids;
    }

    /** Whether the post's text, link preview or poll holds {@code word} as a whole word, in any case. */
    static Predicate<Post> holding(String word) {
        Pattern whole = Pattern.compile("(?<![\\p{L}\\p{N}\\p{M}_])" + Pattern.quote(word) + "(?![\\p{L}\\p{N}\\p{M}_])",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        return post -> whole.matcher(wordsOf(post.content())).find();
    }

    static String wordsOf(Content content) {
        StringBuilder all = new StringBuilder();
        if (content.text() != null) {
            all.append(content.text().string()).append('\n');
        }
        if (content.preview() != null) {
            all.append(content.preview().siteName()).append('\n').append(content.preview().title()).append('\n')
                    .append(content.preview().description() == null ? "" : content.preview().description().string());
        }
        return all.toString();
    }

    static List<String> ids(HttpResponse<String> answer) {
        assertEquals(200, answer.statusCode(), answer.body());
        return FeedTest.ids(TestServer.json(answer).getJsonArray("result"));
    }

    @Test
    void exclude_dropsExactlyThePostsHoldingTheWord_inAnyCase_andKeepsEveryOther() {
        List<String> all = expected(post -> true, 500);
        List<String> kept = ids(server.get(TWO + "&exclude=telegram"));

        assertEquals(expected(holding("telegram").negate(), 500), kept);
        assertEquals(25, kept.size(), "37 posts, 12 of them say Telegram (any case) in their text or preview");
        assertEquals(37, all.size());
        assertEquals(kept, ids(server.get(TWO + "&exclude=TeleGram")), "case-folded");
        assertEquals(2, server.tme.totalHits(), "one load per channel for every filtered feed");
    }

    @Test
    void include_keepsExactlyThePostsHoldingAnyWord_cyrillicToo() {
        assertEquals(expected(holding("telegram"), 500), ids(server.get(TWO + "&include=telegram")));
        assertEquals(12, ids(server.get(TWO + "&include=telegram")).size());
        List<String> russian = ids(server.get(TWO + "&include=%D0%A2%D0%B5%D0%BB%D0%B5%D0%B3%D1%80%D0%B0%D0%BC"));
        assertEquals(expected(holding("телеграм"), 500), russian);
        assertFalse(russian.isEmpty());
        assertEquals(expected(holding("telegram").or(holding("телеграм")), 500),
                ids(server.get(TWO + "&include=telegram,%D1%82%D0%B5%D0%BB%D0%B5%D0%B3%D1%80%D0%B0%D0%BC")),
                "any of the words");
    }

    @Test
    void media_keepsOnlyPostsWithThatKind() {
        List<String> images = ids(server.get(TWO + "&media=image"));

        assertEquals(expected(post -> post.content().media().stream().anyMatch(Media.Photo.class::isInstance), 500),
                images);
        assertEquals(6, images.size());
        assertEquals(expected(post -> post.content().media().stream()
                        .anyMatch(m -> m instanceof Media.Photo || m instanceof Media.Document), 500),
                ids(server.get(TWO + "&media=document&media=IMAGE")), "repeated and comma lists are one list");
    }

    @Test
    void forwardsRepliesService_false_dropThem_andMinViewsKeepsTheRead() {
        assertEquals(expected(post -> post.forwarded() == null, 500), ids(server.get(TWO + "&forwards=false")));
        assertEquals(expected(post -> post.content().reply() == null, 500), ids(server.get(TWO + "&replies=false")));
        assertEquals(expected(post -> true, 500), ids(server.get(TWO + "&forwards=true&service=true")),
                "true keeps them, as without the parameter");
        assertEquals(expected(post -> post.footer().viewsCount() != null && post.footer().viewsCount() >= 1_000_000, 500),
                ids(server.get(TWO + "&min_views=1000000")));
        assertEquals(List.of(), ids(server.get("/v1/feed?channels=demo_empty&service=false")),
                "its one post is the service message \"Channel created\"");
        assertEquals(1, ids(server.get("/v1/feed?channels=demo_empty")).size());
    }

    @Test
    void limit_countsWhatIsKept_afterRanking() {
        assertEquals(expected(holding("telegram").negate(), 5), ids(server.get(TWO + "&exclude=telegram&limit=5")));
        assertEquals(5, ids(server.get(TWO + "&exclude=telegram&limit=5")).size());
    }

    @Test
    void equalFilters_writtenDifferently_areOneBuild_andAnUnfilteredFeedIsAnother() {
        String a = server.get(TWO + "&exclude=Telegram,%20WhatsApp&media=image&forwards=false").body();
        HttpResponse<String> b = server.get("/v1/feed?channels=MEDUZALIVE,durov&media=IMAGE&exclude=whatsapp"
                + "&exclude=telegram,%20telegram&forwards=false&replies=true");

        assertEquals(a, b.body());
        assertEquals("L1", b.headers().firstValue("X-Cache").orElseThrow());
        assertEquals(1L, CacheHttp.metric(server, "tme_feed_builds_total"));
        server.get(TWO);
        assertEquals(2L, CacheHttp.metric(server, "tme_feed_builds_total"));
    }

    @Test
    void anEmptyTerm_isRefused_andAnEmptyParameterIsNoFilter() {
        HttpResponse<String> refused = server.get(TWO + "&include=telegram,,whatsapp");
        assertEquals(422, refused.statusCode());
        assertEquals("include", TestServer.json(refused).getString("parameter"));
        assertEquals(422, server.get(TWO + "&exclude=%20").statusCode());
        assertEquals(server.get(TWO).body(), server.get(TWO + "&include=").body());
    }

    @Test
    void postAndGraphQL_filterAsGetDoes() {
        List<String> get = ids(server.get(TWO + "&exclude=telegram&media=image"));

        HttpResponse<String> post = server.post("/v1/feed",
                "{\"channels\":[\"durov\",\"meduzalive\"],\"exclude\":[\"telegram\"],\"media\":\"image\"}");
        assertEquals(get, ids(post));
        JsonObject graphql = Gql.data(server, "{ feed(channels: [\"durov\", \"meduzalive\"], exclude: [\"TELEGRAM\"],"
                + " media: [\"image\"]) { result { id channel { username } } } }");
        assertEquals(get, FeedTest.ids(graphql.getJsonObject("feed").getJsonArray("result")));
        assertEquals(1L, CacheHttp.metric(server, "tme_feed_builds_total"), "one entry for the three front ends");
    }

    @Test
    void readerFeeds_carryTheFilter_inTheirItemsAndTheirOwnUrl() {
        HttpResponse<String> answer = server.get(TWO + "&format=jsonfeed&exclude=telegram&forwards=false");

        assertEquals(200, answer.statusCode(), answer.body());
        JsonObject feed = TestServer.json(answer);
        List<String> items = new ArrayList<>();
        feed.getJsonArray("items").forEach(item -> items.add(((JsonObject) item).getString("id")
                .replace("https://t.me/", "").toLowerCase()));
        List<String> expected = new ArrayList<>(expected(holding("telegram").negate().and(p -> p.forwarded() == null),
                500));
        assertEquals(expected.size(), items.size());
        assertTrue(items.containsAll(expected), items.toString());
        assertTrue(feed.getString("feed_url").endsWith(
                "/v1/feed?channels=durov,meduzalive&format=jsonfeed&exclude=telegram&forwards=false"),
                feed.getString("feed_url"));
    }

    @Test
    void badFilterValues_are422NamingTheParameter_andReachNoChannel() {
        assertInvalid(server.get(TWO + "&media=nosuchkind"), "media", "media kinds are image, video, gif, roundvideo,"
                + " voice, audio, document, sticker, location, unsupported, poll: \"nosuchkind\"");
        assertInvalid(server.get(TWO + "&forwards=maybe"), "forwards", "forwards must be true or false: \"maybe\"");
        assertInvalid(server.get(TWO + "&replies=true&replies=false"), "replies",
                "replies is given once, true or false: 2 values");
        assertInvalid(server.get(TWO + "&min_views=-1"), "min_views",
                "min_views must be an integer from 0 to 1000000000000: \"-1\"");
        assertInvalid(server.get(TWO + "&exclude=%21%21%21"), "exclude",
                "exclude terms must hold a word or an emoji: \"!!!\"");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\"],\"include\":[7]}"), "include",
                "include must list strings: 7");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\"],\"service\":\"no\"}"), "service",
                "service must be true or false: \"no\"");
        JsonObject graphql = Gql.answer(Gql.post(server, "{ feed(channels: [\"durov\"], media: [\"nosuchkind\"])"
                + " { result { id } } }"));
        assertNull(graphql.getJsonObject("data").getValue("feed"));
        assertEquals("media", Gql.extensions(Gql.error(graphql)).getString("argument"));
        assertEquals(0, server.tme.totalHits());
    }


}
