package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tme.redis.testing.TestClock;

/**
 * Every way in charges the loads a request causes to the client that asked ({@code Asker}), never to a name made
 * up on the way (the channel, the request's flow): with a tiny share ({@code CLIENT_UPSTREAM_SHARE=0.01}, a burst of
 * 2), one client asking for five cold things through an entry point (body, more, post, preview, previews, feed,
 * search, media, GraphQL; a stream's reads before it opens) gets two loaded and three refused for its share, while
 * another client's same request still loads. One server for all (behind a trusted proxy, each client
 * its own {@code CF-Connecting-IP}), on a clock that stands still, so no share refills however slow the machine.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WhoAskedTest {

    static final int BURST = 2;
    static final int ASKED = 5;
    static final String LIMITED = "client_upstream_limited";
    static final String REFUSED_FOR_SHARE = "tme_gate_refused_total{reason=\"client_share\"}";

    final TestClock clock = new TestClock();
    // The settings of issue 27's "done when"; REFRESH_INTERVAL long, so no round of the server's own loads of the
    // streams' channels (refused ones have nothing stored) runs during the tests.
    final TestServer server = new TestServer(Map.of("CLIENT_UPSTREAM_SHARE", "0.01", "CLIENT_UPSTREAM_BURST",
            Integer.toString(BURST), "TELEGRAM_RATE", "100", "TELEGRAM_BURST", "100", "TRUSTED_PROXIES", "127.0.0.1/32",
            "REFRESH_INTERVAL", "1h"), clock, null);

    WhoAskedTest() {
        server.tme.anyChannelAs("durov");
    }

    @AfterAll
    void stop() {
        server.close();
    }

    /** Issue 27: 18 media links of one client for 18 cold channels got 18 loads; now its burst, the rest 429. */
    @Test
    @Order(1)
    void mediaOfOneClient_forEighteenColdChannels_loadsItsBurst_andRefusesTheRest() {
        // Shares bind while another client waits for t.me (the clock stands still: it waits for the whole class).
        assertEquals(200, server.send(get("192.0.2.1", "/v1/body/waiting")).statusCode());
        long hits = server.tme.totalHits();
        List<HttpResponse<String>> answers = IntStream.range(0, 18)
                .mapToObj(i -> async(get("192.0.2.18", "/v1/media/bulkm" + i + "/489/0"))).toList()
                .stream().map(CompletableFuture::join).toList();

        assertEquals(BURST, answers.stream().filter(answer -> answer.statusCode() == 302).count());
        assertEquals(List.of(LIMITED), answers.stream().filter(answer -> answer.statusCode() == 429)
                .map(answer -> TestServer.json(answer).getString("code")).distinct().toList());
        assertEquals(18 - BURST, answers.stream().filter(answer -> answer.statusCode() == 429).count());
        assertEquals(BURST, server.tme.totalHits() - hits);
    }

    @ParameterizedTest
    @EnumSource
    @Order(2)
    void loads_areChargedToTheClientAsking(EntryPoint entry) {
        String sprayer = "203.0.113." + (entry.ordinal() + 1);
        String other = "198.51.100." + (entry.ordinal() + 1);
        long hits = server.tme.totalHits();
        long refused = Fleet.metric(server, REFUSED_FOR_SHARE);

        List<String> outcomes = entry.ask(this, sprayer, names(entry, "a", ASKED));

        assertEquals(BURST, server.tme.totalHits() - hits, "the sprayer's loads reach t.me up to its burst");
        assertEquals(ASKED - BURST, Fleet.metric(server, REFUSED_FOR_SHARE) - refused, "the rest refused for its share");
        List<String> expected = new ArrayList<>(Collections.nCopies(ASKED - BURST, LIMITED));
        expected.addAll(Collections.nCopies(BURST, "ok"));
        assertEquals(expected, outcomes.stream().sorted().toList(),
                "each thing asked: loaded, or refused for the sprayer's share");

        List<String> own = entry.ask(this, other, names(entry, "b", 1));
        assertEquals(BURST + 1, server.tme.totalHits() - hits, "another client's request loads, on its own share");
        assertEquals(ASKED - BURST, Fleet.metric(server, REFUSED_FOR_SHARE) - refused);
        assertEquals(List.of("ok"), own);
    }

    /**
     * A stream reads its channels before it opens (does each exist?), charged to the reader; once open, the server's
     * own polls of its watched channels (no Redis here) are background work, charged to the background client, which
     * has a share of its own. The other reader's channel loads after the background's share is spent: its read was
     * charged to that reader.
     */
    @Test
    @Order(3)
    void streamCatchUp_chargesItsReadsToTheReader_andTheServersOwnPollsToTheBackground() {
        long hits = server.tme.totalHits();
        long refused = Fleet.metric(server, REFUSED_FOR_SHARE);

        stream("203.0.113.99", List.of("whostreama0", "whostreama1", "whostreama2", "whostreama3", "whostreama4"));
        // The reader's share loads 2 and refuses 3; the polls then load 2 of those 3 and refuse 1 (the background's).
        FleetAwait.until("the stream's reads and the polls after it are done",
                () -> server.tme.totalHits() - hits == 2 * BURST
                        && Fleet.metric(server, REFUSED_FOR_SHARE) - refused == ASKED - BURST + 1,
                () -> (server.tme.totalHits() - hits) + " loads, " + (Fleet.metric(server, REFUSED_FOR_SHARE) - refused)
                        + " refused");

        stream("198.51.100.99", List.of("whostreamb0"));
        assertEquals(2 * BURST + 1, server.tme.totalHits() - hits, "the other reader's read loads, on its own share");
        assertEquals(1, server.tme.hits("/s/whostreamb0"));
        assertEquals(ASKED - BURST + 1, Fleet.metric(server, REFUSED_FOR_SHARE) - refused);
    }

    /**
     * A way in: asks for {@code names} (each a cold channel) as {@code client}, and answers, per name in order, "ok"
     * when it was answered and else its problem's code.
     */
    enum EntryPoint {
        BODY("/v1/body/%s"),
        MORE("/v1/more/%s/before/489"),
        POST("/v1/post/%s/489"),
        PREVIEW("/v1/preview/%s"),
        SEARCH("/v1/search/%s?q=word"),
        MEDIA("/v1/media/%s/489/0"),
        PREVIEWS(null) {
            @Override
            List<String> ask(WhoAskedTest test, String client, List<String> names) {
                JsonObject entries = TestServer.json(test.post(client, "/v1/previews",
                        new JsonObject().put("channels", new JsonArray(names))));
                return names.stream().map(entries::getJsonObject).map(entry -> entry.containsKey("error")
                        ? entry.getJsonObject("error").getString("code") : "ok").toList();
            }
        },
        FEED(null) {
            @Override
            List<String> ask(WhoAskedTest test, String client, List<String> names) {
                JsonArray errors = TestServer.json(test.post(client, "/v1/feed",
                        new JsonObject().put("channels", new JsonArray(names)).put("limit", 500))).getJsonArray("errors");
                return names.stream().map(name -> errors.stream().map(JsonObject.class::cast)
                        .filter(error -> name.equals(error.getString("channel"))).map(error -> error.getString("code"))
                        .findFirst().orElse("ok")).toList();
            }
        },
        GRAPHQL(null) {
            @Override
            List<String> ask(WhoAskedTest test, String client, List<String> names) {
                String fields = IntStream.range(0, names.size()).mapToObj(i -> "c" + i + ": body(channel: \""
                        + names.get(i) + "\") { meta { offset { before } } }").reduce("", String::concat);
                JsonObject answer = Gql.answer(test.post(client, "/graphql",
                        new JsonObject().put("query", "{ " + fields + " }")));
                JsonArray errors = answer.getJsonArray("errors", new JsonArray());
                return IntStream.range(0, names.size()).mapToObj(i -> errors.stream().map(JsonObject.class::cast)
                        .filter(error -> Gql.path(error).equals(List.of("c" + i)))
                        .map(error -> Gql.extensions(error).getString("code")).findFirst().orElse("ok")).toList();
            }
        };

        // A GET route's path, %s the channel; null for the ways in that ask for every name in one request.
        private final String path;

        EntryPoint(String path) {
            this.path = path;
        }

        /** GET {@code path} for each name, one after the other. */
        List<String> ask(WhoAskedTest test, String client, List<String> names) {
            return test.each(client, names, path::formatted);
        }
    }

    /** Opens a stream of {@code names} for {@code client} (each read once, before it opens) and closes it. */
    private void stream(String client, List<String> names) {
        try (SseClient stream = new SseClient(server.server.actualPort(), "/v1/stream?channels=" + String.join(",", names),
                "CF-Connecting-IP", client)) {
            assertEquals(200, stream.response.statusCode(), "opens whatever its channels' reads answered");
        }
    }

    /** {@code count} channel names of their own for {@code entry}'s {@code side} ("a", "b"): cold, as none else asks. */
    private static List<String> names(EntryPoint entry, String side, int count) {
        return IntStream.range(0, count).mapToObj(i -> "who" + entry.name().toLowerCase() + side + i).toList();
    }

    /** GET {@code path(name)} for each name, one after the other: "ok" for 200 or 302, else the problem's code. */
    private List<String> each(String client, List<String> names, java.util.function.Function<String, String> path) {
        return names.stream().map(name -> server.send(get(client, path.apply(name)))).map(answer ->
                answer.statusCode() == 200 || answer.statusCode() == 302 ? "ok"
                        : TestServer.json(answer).getString("code")).toList();
    }

    private HttpResponse<String> post(String client, String path, JsonObject body) {
        return server.send(server.request(path, "CF-Connecting-IP", client, "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.encode())).build());
    }

    private HttpRequest get(String client, String path) {
        return server.request(path, "CF-Connecting-IP", client).GET().build();
    }

    private CompletableFuture<HttpResponse<String>> async(HttpRequest request) {
        return server.http().sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }
}
