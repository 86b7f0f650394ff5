package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.feed.RankedPost;
import tme.api.feed.Ranking;
import tme.redis.testing.TestClock;
import tme.scraper.model.ChannelPage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

/**
 * {@code /v1/feed} over the recorded pages, on one server without Redis and a test clock set a few days after the
 * recordings: the documented order (the ranking computed here from the same pages), dedupe, {@code limit},
 * channels that fail listed in {@code errors} while the others are served, the shared latest-page entry (a cold
 * channel costs one t.me request, and {@code /v1/body} reads the same entry), validation, ETag and 304.
 */
class FeedTest {

    static final Instant NOW = Instant.parse("2026-05-06T00:00:00Z");
    static final String THREE = "/v1/feed?channels=durov,meduzalive,topwar_official";

    final TestClock clock = new TestClock(NOW);
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    static ChannelPage page(String fixture) {
        return ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(Fixtures.read(fixture), ParserMode.FULL)).value();
    }

    static List<ChannelPage> recordedThree() {
        return List.of(page("s-durov-2026-05-hortay.html"), page("s-meduzalive-2026-05-hortay.html"),
                page("s-topwar_official-2023-02-any2feed.html"));
    }

    static List<String> ids(JsonArray result) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            JsonObject item = result.getJsonObject(i);
            ids.add(item.getJsonObject("channel").getString("username").toLowerCase() + "/" + item.getInteger("id"));
        }
        return ids;
    }

    static List<String> expected(int limit) {
        return Ranking.rank(recordedThree(), NOW, limit).stream()
                .map(RankedPost::item).map(item -> item.channelName() + "/" + item.post().id()).toList();
    }

    @Test
    void feed_threeColdChannels_oneTmeRequestEach_inTheDocumentedOrder() {
        HttpResponse<String> answer = server.get(THREE + "&limit=30");

        assertEquals(200, answer.statusCode());
        assertEquals("application/json; charset=utf-8", answer.headers().firstValue("Content-Type").orElseThrow());
        JsonObject feed = TestServer.json(answer);
        JsonArray result = feed.getJsonArray("result");
        assertEquals(expected(30), ids(result), "the ranking of docs/api.md over the same pages, at the same time");
        assertEquals(new JsonArray(), feed.getJsonArray("errors"));
        List<Double> scores = result.stream().map(item -> ((JsonObject) item).getDouble("score")).toList();
        assertEquals(Ranking.rank(recordedThree(), NOW, 30).getFirst().score(), scores.getFirst());
        for (int i = 1; i < scores.size(); i++) {
            assertTrue(scores.get(i) <= scores.get(i - 1), "best first: " + scores);
        }
        JsonObject first = result.getJsonObject(0);
        assertTrue(first.getJsonObject("footer").containsKey("views_count"), first.encode());
        assertTrue(first.getJsonObject("channel").containsKey("counters"), "the item's channel header (contract 2.7)");
        assertEquals(1, server.tme.hits("/s/durov"));
        assertEquals(1, server.tme.hits("/s/meduzalive"));
        assertEquals(1, server.tme.hits("/s/topwar_official"));
        assertEquals(3, server.tme.totalHits());
    }

    @Test
    void limit_cutsTheRankedList_andTheDefaultKeepsEveryPost() {
        List<String> thirty = ids(TestServer.json(server.get(THREE + "&limit=30")).getJsonArray("result"));
        List<String> five = ids(TestServer.json(server.get(THREE + "&limit=5")).getJsonArray("result"));
        JsonArray all = TestServer.json(server.get(THREE)).getJsonArray("result");

        assertEquals(thirty.subList(0, 5), five);
        int posts = recordedThree().stream().mapToInt(p -> p.posts().size()).sum();
        assertEquals(posts, all.size(), "limit 100 by default, more than the three pages hold");
        assertEquals(expected(100), ids(all));
        assertEquals(3, server.tme.totalHits(), "three feeds, one load per channel: the pages are cached");
    }

    @Test
    void namesInAnyOrderCaseOrRepeated_areOneFeed_eachPostOnce() {
        String a = server.get("/v1/feed?channels=durov,meduzalive").body();
        HttpResponse<String> b = server.get("/v1/feed?channels=MeduzaLive,%20DUROV%20,durov&channels=meduzalive");

        assertEquals(a, b.body(), "the same bytes: one normalised request");
        assertEquals("L1", b.headers().firstValue("X-Cache").orElseThrow(), "the built feed's entry answered");
        List<String> ids = ids(TestServer.json(b).getJsonArray("result"));
        assertEquals(ids.size(), new HashSet<>(ids).size(), "each (channel, id) once: " + ids);
        assertEquals(page("s-durov-2026-05-hortay.html").posts().size()
                + page("s-meduzalive-2026-05-hortay.html").posts().size(), ids.size(), "every post of both pages");
        assertEquals(1L, CacheHttp.metric(server, "tme_feed_builds_total"));
        assertEquals(2L, CacheHttp.metric(server, "tme_feed_requests_total"));
    }

    @Test
    void unknownAndFailingChannels_areListedInErrors_whileTheRestIsServed() {
        server.tme.status("/s/meduzalive", 500);

        HttpResponse<String> answer = server.get("/v1/feed?channels=meduzalive,zzqxnonexistent,durov");

        assertEquals(200, answer.statusCode());
        JsonObject feed = TestServer.json(answer);
        assertEquals(new JsonArray()
                        .add(new JsonObject().put("channel", "meduzalive").put("code", "upstream_unavailable")
                                .put("status", 503).put("retry_after", 5))
                        .add(new JsonObject().put("channel", "zzqxnonexistent").put("code", "channel_not_found")
                                .put("status", 404)),
                feed.getJsonArray("errors"), "by name, whatever the request's order");
        Set<String> channels = new HashSet<>();
        feed.getJsonArray("result").forEach(item -> channels.add(((JsonObject) item).getJsonObject("channel").getString("username")));
        assertEquals(Set.of("durov"), channels);
        assertEquals(20, feed.getJsonArray("result").size());
        assertEquals("public, max-age=2, stale-while-revalidate=2, stale-if-error=86400",
                answer.headers().firstValue("Cache-Control").orElseThrow(),
                "a feed with a passing failure lives only UPSTREAM_ERROR_TTL");
    }

    @Test
    void theFeedReadsTheEntryBodyAnswers_bothWays() {
        assertEquals(200, server.get("/v1/body/durov").statusCode());
        server.get("/v1/feed?channels=durov");
        assertEquals(1, server.tme.totalHits(), "the feed read the page /v1/body stored");

        server.get("/v1/feed?channels=meduzalive");
        HttpResponse<String> body = server.get("/v1/body/meduzalive");
        assertEquals("L1", body.headers().firstValue("X-Cache").orElseThrow(), "and /v1/body the page the feed loaded");
        assertEquals(2, server.tme.totalHits());
    }

    @Test
    void get_hasAnEtag_and304OnAMatchingIfNoneMatch_postIsNoStore() {
        HttpResponse<String> first = server.get(THREE);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertEquals("public, max-age=10, stale-while-revalidate=10, stale-if-error=86400",
                first.headers().firstValue("Cache-Control").orElseThrow(), "as fresh as a latest page");

        HttpResponse<String> again = server.get(THREE, "If-None-Match", etag);
        assertEquals(304, again.statusCode());
        assertEquals("", again.body());

        HttpResponse<String> posted = server.post("/v1/feed",
                "{\"channels\":[\"topwar_official\",\"durov\",\"meduzalive\"],\"limit\":100}");
        assertEquals(200, posted.statusCode());
        assertEquals(first.body(), posted.body(), "POST and GET of one feed: one entry");
        assertEquals("no-store", posted.headers().firstValue("Cache-Control").orElseThrow());
        assertTrue(posted.headers().firstValue("ETag").isEmpty(), "no validator: a POST is never answered 304");
        assertEquals(3, server.tme.totalHits());
    }

    @Test
    void invalidRequests_are422NamingTheParameter_andReachNoChannel() {
        assertInvalid(server.post("/v1/feed", "{}"), "channels", "channels must be an array of channel names");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[]}"), "channels", "channels must hold 1 to 100 names: got 0");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\",\"bad-name\"]}"), "channels[1]",
                "channels[1] must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a t.me link: \"bad-name\"");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\",7]}"), "channels[1]", "channels[1] must be a string");
        assertInvalid(server.post("/v1/feed", names(101)), "channels", "channels must hold 1 to 100 names: got 101");
        assertInvalid(server.post("/v1/feed", "[\"durov\"]"), "body",
                "body must be a JSON object: {\"channels\":[\"durov\", ...]}");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\"],\"limit\":0}"), "limit",
                "limit must be an integer from 1 to 500: 0");
        assertInvalid(server.post("/v1/feed", "{\"channels\":[\"durov\"],\"limit\":501}"), "limit",
                "limit must be an integer from 1 to 500: 501");
        assertInvalid(server.get("/v1/feed"), "channels", "channels must hold 1 to 100 names: got 0");
        assertInvalid(server.get("/v1/feed?channels=durov&limit=ten"), "limit",
                "limit must be an integer from 1 to 500: \"ten\"");
        assertInvalid(server.get("/v1/feed?channels=durov&format=xml"), "format",
                "format must be json, atom, rss or jsonfeed: \"xml\"");
        assertEquals(0, server.tme.totalHits());
        HttpResponse<String> put = server.send(server.request("/v1/feed")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("{}")).build());
        assertEquals(405, put.statusCode());
        assertEquals("GET, HEAD, POST", put.headers().firstValue("Allow").orElseThrow());
    }

    private static String names(int count) {
        JsonArray names = new JsonArray();
        for (int i = 0; i < count; i++) {
            names.add("channel" + i);
        }
        return new JsonObject().put("channels", names).encode();
    }

    private static void assertInvalid(HttpResponse<String> answer, String parameter, String detail) {
        assertEquals(422, answer.statusCode(), answer.body());
        JsonObject problem = new JsonObject(answer.body());
        assertEquals("invalid_parameter", problem.getString("code"));
        assertEquals(parameter, problem.getString("parameter"));
        assertEquals(detail, problem.getString("detail"));
        assertNull(problem.getValue("retry_after"));
        assertFalse(answer.headers().firstValue("ETag").isPresent());
    }
}
