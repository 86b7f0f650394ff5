package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * Upstream work shared between clients ({@code CLIENT_UPSTREAM_SHARE} at its default, 0.25): behind a trusted proxy,
 * while another client waits for t.me, a sprayer asking 30 cold channels at once gets its burst (5) loaded and the
 * rest refused at once with 429 {@code client_upstream_limited} and no t.me request, so the fleet's budget
 * ({@code TELEGRAM_RATE=5}) still has room for an ordinary client's cold pages; hits are never counted or refused.
 * Alone, a client may use the whole budget: the share is work-conserving.
 *
 * <p>"Waiting" is having asked for a token within {@code CLIENT_UPSTREAM_WAITING_WINDOW} (2 s) of the test's clock,
 * which stands still: a client that asked once waits for the rest of the test ({@link #anotherClientWaits}).
 */
class GateClientShareTest {

    static final String SPRAYER = "203.0.113.9";
    static final String READER = "198.51.100.7";
    static final int SPRAY = 30;
    static final int BURST = 5;

    /**
     * On a clock that stands still, so a client's share never refills during a test however slow the machine: the
     * fleet's budget hands out its later tokens all the same (their waits run on real timers).
     */
    final TestClock clock = new TestClock();
    // CLIENT_UPSTREAM_SHARE at its default, set because TestServer lifts it for tests of one loopback client.
    final TestServer server = new TestServer(Map.of("TELEGRAM_RATE", "5", "TELEGRAM_BURST", Integer.toString(BURST),
            "TRUSTED_PROXIES", "127.0.0.1/32", "CLIENT_UPSTREAM_SHARE", "0.25"), clock, null);

    GateClientShareTest() {
        server.tme.anyChannelAs("durov");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aSprayer_getsItsShare_theOthersTheirPages_andHitsAreNeverRefused() {
        anotherClientWaits();
        List<HttpResponse<String>> spray = all(IntStream.range(0, SPRAY)
                .mapToObj(i -> get(SPRAYER, "/v1/body/spray" + i)).toList());

        List<HttpResponse<String>> refused = spray.stream().filter(answer -> answer.statusCode() == 429).toList();
        assertEquals(BURST, spray.stream().filter(answer -> answer.statusCode() == 200).count());
        assertEquals(SPRAY - BURST, refused.size());
        JsonObject problem = TestServer.json(refused.getFirst());
        assertEquals("client_upstream_limited", problem.getString("code"));
        long retryAfter = Long.parseLong(refused.getFirst().headers().firstValue("Retry-After").orElseThrow());
        assertEquals(1, retryAfter, "the next token of 1.25/s, in whole seconds rounded up");
        assertEquals(1 + BURST, server.tme.totalHits(), "refused loads send nothing");

        List<HttpResponse<String>> reader = all(IntStream.range(0, 4)
                .mapToObj(i -> get(READER, "/v1/body/reader" + i)).toList());
        assertEquals(List.of(200, 200, 200, 200), reader.stream().map(HttpResponse::statusCode).toList());

        String cached = spray.stream().filter(answer -> answer.statusCode() == 200).findFirst().orElseThrow()
                .uri().getPath();
        List<HttpResponse<String>> hits = all(IntStream.range(0, 20).mapToObj(i -> get(SPRAYER, cached)).toList());
        assertTrue(hits.stream().allMatch(hit -> hit.statusCode() == 200), "the sprayer's hits all answer");
        assertEquals(1 + BURST + 4, server.tme.totalHits());
        assertEquals(SPRAY - BURST, Fleet.metric(server, "tme_gate_refused_total{reason=\"client_share\"}"));
    }

    /** A search is charged to whoever asks, as every other read: not to the channel's flow, which all clients share. */
    @Test
    void searches_areChargedToTheClientAsking() {
        anotherClientWaits();
        List<HttpResponse<String>> searches = all(IntStream.range(0, 8)
                .mapToObj(i -> get(SPRAYER, "/v1/search/durov?q=word" + i)).toList());

        assertEquals(BURST, searches.stream().filter(answer -> answer.statusCode() == 200).count());
        assertEquals(List.of("client_upstream_limited"), searches.stream().filter(answer -> answer.statusCode() == 429)
                .map(answer -> TestServer.json(answer).getString("code")).distinct().toList());
        assertEquals(1 + BURST, server.tme.totalHits());
        assertEquals(200, get(READER, "/v1/search/durov?q=reader").join().statusCode(), "another client's share");
    }

    /**
     * The media links load the entry they read a URL from when none is stored: charged to whoever asks, as every
     * other read. Before, they were charged to a client named after the channel, so one client got every cold
     * channel's media loaded past its own share (18 x 302 and 18 t.me loads where its pages got 3).
     */
    @Test
    void mediaLinks_areChargedToTheClientAsking() {
        anotherClientWaits();
        List<HttpResponse<String>> items = all(IntStream.range(0, 6)
                .mapToObj(i -> get(SPRAYER, "/v1/media/item" + i + "/489/0")).toList());
        List<HttpResponse<String>> avatars = all(IntStream.range(0, 4)
                .mapToObj(i -> get(SPRAYER, "/v1/media/avatar" + i + "/avatar")).toList());

        List<HttpResponse<String>> both = new java.util.ArrayList<>(items);
        both.addAll(avatars);
        assertEquals(BURST, both.stream().filter(answer -> answer.statusCode() == 302).count(),
                both.stream().map(HttpResponse::statusCode).toList().toString());
        assertEquals(List.of("client_upstream_limited"), both.stream().filter(answer -> answer.statusCode() == 429)
                .map(answer -> TestServer.json(answer).getString("code")).distinct().toList());
        assertEquals(10 - BURST, both.stream().filter(answer -> answer.statusCode() == 429).count());
        assertEquals(1 + BURST, server.tme.totalHits());
        assertEquals(302, get(READER, "/v1/media/reader/489/0").join().statusCode(), "another client's share");
    }

    @Test
    void aPreviewsRequest_spendsOnePerColdChannel_andReportsTheRefusedPerEntry() {
        anotherClientWaits();
        String names = IntStream.range(0, 8).mapToObj(i -> "\"card" + i + "\"")
                .reduce((x, y) -> x + "," + y).orElseThrow();
        HttpResponse<String> answer = server.send(server.request("/v1/previews", "CF-Connecting-IP", SPRAYER,
                "Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                "{\"channels\":[" + names + "]}")).build());

        JsonObject entries = TestServer.json(answer);
        long answered = entries.fieldNames().stream().filter(name -> entries.getJsonObject(name).containsKey("channel"))
                .count();
        long limited = entries.fieldNames().stream().filter(name -> entries.getJsonObject(name).containsKey("error")
                && "client_upstream_limited".equals(entries.getJsonObject(name).getJsonObject("error").getString("code")))
                .count();
        assertEquals(200, answer.statusCode());
        assertEquals(BURST, answered);
        assertEquals(8 - BURST, limited);
        assertEquals(1 + BURST, server.tme.totalHits());
    }

    @Test
    void aFeed_spendsOnePerColdChannel_andListsTheRefusedInItsErrors() {
        anotherClientWaits();
        String names = IntStream.range(0, 8).mapToObj(i -> "\"feed" + i + "\"").reduce((x, y) -> x + "," + y)
                .orElseThrow();
        HttpResponse<String> answer = server.send(server.request("/v1/feed", "CF-Connecting-IP", SPRAYER,
                "Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                "{\"channels\":[" + names + "],\"limit\":500}")).build());

        JsonObject feed = TestServer.json(answer);
        assertEquals(200, answer.statusCode());
        assertEquals(8 - BURST, feed.getJsonArray("errors").size());
        assertTrue(feed.getJsonArray("errors").stream().map(JsonObject.class::cast).allMatch(error ->
                "client_upstream_limited".equals(error.getString("code")) && error.getInteger("status") == 429));
        assertEquals(1 + BURST, server.tme.totalHits());
    }

    @Test
    void aLoadAnotherClientStarted_isJoined_notCharged() throws InterruptedException {
        anotherClientWaits();
        List<HttpResponse<String>> spent = all(IntStream.range(0, BURST)
                .mapToObj(i -> get(SPRAYER, "/v1/body/spent" + i)).toList());
        assertTrue(spent.stream().allMatch(answer -> answer.statusCode() == 200));
        assertEquals(429, get(SPRAYER, "/v1/body/over").join().statusCode(), "the sprayer's share is spent");
        server.tme.holdRequests();
        CompletableFuture<HttpResponse<String>> started = get(READER, "/v1/body/shared");
        assertTrue(server.tme.awaitHeld(1, FleetAwait.DEADLINE));

        CompletableFuture<HttpResponse<String>> joined = get(SPRAYER, "/v1/body/shared");
        FleetAwait.until("both wait for the one load", () -> Fleet.metric(server, "tme_coalescing_waiting") == 2,
                () -> Fleet.metrics(server).toString());
        server.tme.release();

        assertEquals(200, started.join().statusCode());
        assertEquals(200, joined.join().statusCode());
        assertEquals(started.join().body(), joined.join().body());
        assertEquals(1, server.tme.hits("/s/shared"));
        assertEquals(1, Fleet.metric(server, "tme_gate_refused_total{reason=\"client_share\"}"));
    }

    /**
     * A lone client is never refused for its share: 9 cold pages at once, beyond its burst (5), all load, waiting
     * only for the fleet's tokens (a burst of 5, then 5/s: the last 4 booked within the fleet's burst ahead, 0.8 s on
     * real timers, as far ahead as a lone client may book); nothing is charged to it.
     */
    @Test
    void aLoneClient_mayUseTheWholeBudget() {
        List<HttpResponse<String>> alone = all(IntStream.range(0, 9)
                .mapToObj(i -> get(SPRAYER, "/v1/body/alone" + i)).toList());

        assertEquals(Collections.nCopies(9, 200), alone.stream().map(HttpResponse::statusCode).toList());
        assertEquals(9, server.tme.totalHits());
        assertEquals(0, Fleet.metric(server, "tme_gate_refused_total{reason=\"client_share\"}"));
    }

    /**
     * Two clients both waiting are each held to their share: once the reader has asked (alone then, so uncharged),
     * the sprayer's 10 cold pages and the reader's 10 more, sent together, load each one's burst, no more.
     */
    @Test
    void twoClientsWaiting_areEachHeldToTheirShare() {
        anotherClientWaits();
        List<CompletableFuture<HttpResponse<String>>> sprayer = IntStream.range(0, 10)
                .mapToObj(i -> get(SPRAYER, "/v1/body/both" + i)).toList();
        List<CompletableFuture<HttpResponse<String>>> reader = IntStream.range(0, 10)
                .mapToObj(i -> get(READER, "/v1/body/others" + i)).toList();

        assertEquals(BURST, all(sprayer).stream().filter(answer -> answer.statusCode() == 200).count());
        assertEquals(BURST, all(reader).stream().filter(answer -> answer.statusCode() == 200).count());
        assertEquals(1 + 2 * BURST, server.tme.totalHits());
        assertEquals(20 - 2 * BURST, Fleet.metric(server, "tme_gate_refused_total{reason=\"client_share\"}"));
    }

    /** The reader asks t.me for one page: on the standing clock it waits (asked lately) for the rest of the test. */
    private void anotherClientWaits() {
        assertEquals(200, get(READER, "/v1/body/waiting").join().statusCode());
    }

    private CompletableFuture<HttpResponse<String>> get(String client, String path) {
        return server.http().sendAsync(server.request(path, "CF-Connecting-IP", client).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static List<HttpResponse<String>> all(List<CompletableFuture<HttpResponse<String>>> requests) {
        return requests.stream().map(CompletableFuture::join).toList();
    }
}
