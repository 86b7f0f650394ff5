package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * Single-flight in one server, end to end: real HTTP clients, the production server, the fake t.me counting hits.
 * The fake holds the upstream request until every client is in (the server's counters say so), then lets it go.
 */
class CoalescingBurstTest extends ServerTestBase {

    static final int CLIENTS = 1000;

    @Test
    void body_thousandConcurrentMisses_reachTmeOnce_andAllGetTheSameBytes() {
        server.tme.holdRequests();
        List<CompletableFuture<Reply>> burst = client.burst(server, "/v1/body/durov", CLIENTS);
        FleetAwait.held(server.tme, 1);
        awaitMetric("tme_coalescing_joins_total", CLIENTS - 1);

        server.tme.release();

        List<Reply> replies = FleetClient.all(burst);
        assertEquals(1, server.tme.hits("/s/durov"));
        assertEquals(1, server.tme.totalHits());
        assertEquals(Map.of(200, (long) CLIENTS), FleetClient.tally(replies, Reply::status));
        assertEquals(Map.of("upstream", (long) CLIENTS), FleetClient.tally(replies, Reply::xCache),
                "every client shared the one load");
        assertEquals(1, FleetClient.tally(replies, Reply::bodySha).size(), "byte-identical bodies");
        var again = server.get("/v1/body/durov");
        assertEquals("L1", again.headers().firstValue("X-Cache").orElseThrow());
        assertEquals(replies.getFirst().bodySha(), FleetClient.sha256(again.body().getBytes(StandardCharsets.UTF_8)),
                "the stored bytes are the ones every client got");
        assertEquals(481, TestServer.json(again).getJsonObject("meta").getJsonObject("offset").getInteger("before"));
        assertEquals(1L, Fleet.metric(server, "tme_coalescing_loads_total"));
        assertEquals(CLIENTS, FleetClient.coalescingRatio("1000 concurrent /v1/body/durov, one server",
                CLIENTS, server.tme.totalHits()));
    }

    @Test
    void postAndBodyAroundOnePosition_shareOneUpstreamRequest() {
        server.tme.holdRequests();
        CompletableFuture<Reply> post = client.get(server, "/v1/post/durov/495");
        CompletableFuture<Reply> body = client.get(server, "/v1/body/durov?position=495");
        FleetAwait.held(server.tme, 1);
        awaitMetric("tme_pages_joins_total", 1); // two cache keys, one page load

        server.tme.release();

        List<Reply> replies = FleetClient.all(List.of(post, body));
        assertEquals(Map.of(200, 2L), FleetClient.tally(replies, Reply::status));
        assertEquals(1, server.tme.hits("/s/durov/495"));
        assertEquals(1, server.tme.totalHits());
        assertEquals(2L, Fleet.metric(server, "tme_coalescing_loads_total"), "each key loads, and the loads share the page");
        JsonObject stored = TestServer.json(server.get("/v1/post/durov/495"));
        assertEquals(495, stored.getInteger("id"));
        assertEquals(1, server.tme.totalHits());
    }

    @Test
    void clientWhoStartedTheLoadDisconnects_theSharedLoadStillServesEveryoneElse() throws IOException {
        server.tme.holdRequests();
        try (Socket leaver = new Socket("127.0.0.1", server.server.actualPort())) {
            OutputStream out = leaver.getOutputStream();
            out.write("GET /v1/body/durov HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            FleetAwait.held(server.tme, 1); // the leaver's request started the one load
        }
        int staying = 80;
        int leaving = 20;
        List<CompletableFuture<Reply>> burst = client.burst(server, "/v1/body/durov", staying);
        List<CompletableFuture<HttpResponse<byte[]>>> leavers = new ArrayList<>();
        for (int i = 0; i < leaving; i++) {
            leavers.add(client.send(server, "/v1/body/durov"));
        }
        awaitMetric("tme_coalescing_joins_total", staying + leaving);
        leavers.forEach(leaver -> leaver.cancel(true)); // these give up too, mid-wait: their connections close

        server.tme.release();

        List<Reply> replies = FleetClient.all(burst);
        assertEquals(Map.of(200, (long) staying), FleetClient.tally(replies, Reply::status));
        assertEquals(Map.of("upstream", (long) staying), FleetClient.tally(replies, Reply::xCache));
        assertTrue(leavers.stream().allMatch(CompletableFuture::isCompletedExceptionally), "the leavers got nothing");
        assertEquals(1, server.tme.totalHits());
        assertEquals("L1", server.get("/v1/body/durov").headers().firstValue("X-Cache").orElseThrow(),
                "the load the leaver started was stored");
        assertEquals(1, server.tme.totalHits());
    }
}
