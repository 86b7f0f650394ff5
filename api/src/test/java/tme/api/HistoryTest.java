package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/history/{channel}} over the fake t.me's channel of 1,000 posts in 50 pages ({@code FakeTme.longChannel}):
 * every post once, newest first, one t.me request per page however many walk it; a walk its client's share cannot pay
 * for ends with a cursor to resume from; dates bound it; a slow reader slows it.
 */
class HistoryTest {

    static final String CHANNEL = "longread";
    static final int POSTS = 1000;
    static final int PAGES = 50;
    /** The newest post's date ({@code LongChannel}): each older id an hour earlier. */
    static final Instant NEWEST = Instant.parse("2026-04-20T21:55:10Z");

    final TestServer server = new TestServer(Map.of());

    HistoryTest() {
        server.tme.longChannel(CHANNEL, POSTS);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aWalk_streamsEveryPostNewestFirst_withOneRequestPerPage() {
        HttpResponse<String> answer = server.get("/v1/history/" + CHANNEL + "?limit=1000");

        assertEquals(200, answer.statusCode());
        assertEquals("application/x-ndjson", answer.headers().firstValue("Content-Type").orElseThrow());
        List<JsonObject> lines = lines(answer.body());
        assertEquals(descending(POSTS, 1), ids(lines));
        assertEquals(new JsonObject().put("reason", "limit").put("before", 1).put("posts", POSTS),
                lines.getLast().getJsonObject("end"));
        assertEquals(PAGES, server.tme.totalHits());
        assertEquals(1, server.tme.hits("/s/" + CHANNEL));
        assertEquals(1, server.tme.hits("/s/" + CHANNEL + "?before=21"));
    }

    @Test
    void twoWalkersAtOnce_costOneWalk() {
        server.tme.holdRequests();
        CompletableFuture<HttpResponse<String>> first = async("/v1/history/" + CHANNEL);
        CompletableFuture<HttpResponse<String>> second = async("/v1/history/" + CHANNEL);
        // both wait for the one load of the latest page, held at the fake: they walk at the same time
        FleetAwait.until("both walkers wait for one load", () -> server.tme.held() == 1
                && Fleet.metric(server, "tme_coalescing_waiting") == 2, () -> "held " + server.tme.held());
        server.tme.release();

        for (HttpResponse<String> answer : List.of(first.join(), second.join())) {
            List<JsonObject> lines = lines(answer.body());
            assertEquals(descending(POSTS, 1), ids(lines));
            assertEquals(new JsonObject().put("reason", "start").put("posts", POSTS), lines.getLast().getJsonObject("end"));
        }
        assertEquals(PAGES, server.tme.totalHits());
    }

    @Test
    void sinceAndUntil_keepTheirDates_andSinceEndsTheWalk() {
        String since = NEWEST.minus(Duration.ofHours(POSTS - 900)).toString(); // post 900's date
        String until = NEWEST.minus(Duration.ofHours(POSTS - 990)).toString(); // post 990's

        List<JsonObject> lines = lines(server.get("/v1/history/" + CHANNEL + "?since=" + since + "&until=" + until)
                .body());

        assertEquals(descending(990, 900), ids(lines));
        assertEquals(new JsonObject().put("reason", "since").put("before", 900).put("posts", 91),
                lines.getLast().getJsonObject("end"));
        assertEquals(6, server.tme.totalHits(), "pages 981-1000 to 881-900: post 899 is on the sixth");
    }

    @Test
    void before_startsBelowThePost_andTheChannelsStartEndsTheWalk() {
        List<JsonObject> lines = lines(server.get("/v1/history/" + CHANNEL + "?before=31").body());

        assertEquals(descending(30, 1), ids(lines));
        assertEquals(new JsonObject().put("reason", "start").put("posts", 30), lines.getLast().getJsonObject("end"));
        assertEquals(List.of(1L, 1L), List.of(server.tme.hits("/s/" + CHANNEL + "?before=31"),
                server.tme.hits("/s/" + CHANNEL + "?before=11")));
    }

    @Test
    void badParameters_are422sNamingThem() {
        for (String[] bad : List.of(new String[] {"since=yesterday", "since"}, new String[] {"until=2026-13-01", "until"},
                new String[] {"before=abc", "before"}, new String[] {"limit=0", "limit"},
                new String[] {"limit=5001", "limit"},
                new String[] {"since=2026-04-20&until=2026-04-19", "since"})) {
            HttpResponse<String> answer = server.get("/v1/history/" + CHANNEL + "?" + bad[0]);
            assertEquals(422, answer.statusCode(), bad[0]);
            assertEquals(bad[1], TestServer.json(answer).getString("parameter"), bad[0]);
        }
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void anUnknownChannel_is404BeforeAnyLine() {
        HttpResponse<String> answer = server.get("/v1/history/nosuchchannel");

        assertEquals(404, answer.statusCode());
        assertEquals("channel_not_found", TestServer.json(answer).getString("code"));
    }

    private CompletableFuture<HttpResponse<String>> async(String path) {
        return server.http().sendAsync(server.request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static List<JsonObject> lines(String body) {
        assertTrue(body.endsWith("\n"), "every line ends with a newline");
        return body.lines().map(JsonObject::new).toList();
    }

    /** The posts' ids, every line but the last, which ends the answer. */
    static List<Integer> ids(List<JsonObject> lines) {
        assertNull(lines.getLast().getInteger("id"));
        return lines.subList(0, lines.size() - 1).stream().map(line -> line.getInteger("id")).toList();
    }

    static List<Integer> descending(int from, int to) {
        List<Integer> ids = new ArrayList<>();
        IntStream.iterate(from, id -> id >= to, id -> id - 1).forEach(ids::add);
        return ids;
    }
}
