package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.http.HitsAhead;
import tme.redis.testing.TestClock;

/**
 * The hits answered ahead of the router ({@link HitsAhead}) are the router's answers: the routes it takes come from
 * the routing table, and a request it takes gets the same status, headers and bytes, timing and access log line as the
 * same request through the router (a query the route does not define sends it there, and changes nothing else).
 */
class HitsAheadTest {

    private static final String BODY = "/v1/body/durov";
    private static final String ROUTED = BODY + "?unused=1";

    final TestClock clock = new TestClock();
    final AccessLines lines = new AccessLines();
    TestServer server = TestServer.logging(Map.of(), clock, lines);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theRoutesOfStoredAnswers_fromTheRoutingTable() {
        assertEquals(List.of("/v1/body/:channel", "/v1/more/:channel/:direction/:position", "/v1/post/:channel/:id",
                "/v1/preview/:channel"), hitsAhead().routes());
    }

    @Test
    void withAPerClientLimit_everyRequestGoesThroughTheRouter() {
        server.close();
        server = TestServer.logging(Map.of("CLIENT_RATE", "100"), clock, lines);
        assertEquals(List.of(), hitsAhead().routes());
    }

    @Test
    void aHitAnsweredAhead_isTheRoutersAnswer_inEveryCoding_andForHeadAnd304() {
        assertEquals(200, server.get(BODY).statusCode()); // the load, ahead too
        assertEquals(1, ahead());
        for (String[] headers : List.of(new String[0], new String[] {"Accept-Encoding", "zstd"},
                new String[] {"Accept-Encoding", "gzip"})) {
            HttpResponse<byte[]> ahead = CacheHttp.get(server, BODY, headers);
            HttpResponse<byte[]> routed = CacheHttp.get(server, ROUTED, headers);
            assertEquals(200, ahead.statusCode());
            assertEquals(comparable(routed), comparable(ahead), String.join(" ", headers));
            assertArrayEquals(routed.body(), ahead.body());
        }
        assertEquals(4, ahead(), "the three codings' hits ahead, the routed ones not");
        String etag = CacheHttp.header(CacheHttp.get(server, BODY), "ETag");
        assertEquals(304, CacheHttp.get(server, BODY, "If-None-Match", etag).statusCode());
        HttpResponse<String> head = server.send(server.request(BODY)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        HttpResponse<String> routedHead = server.send(server.request(ROUTED)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(comparable(routedHead), comparable(head));
        assertEquals("", head.body());
        assertEquals(7, ahead(), "the ETag's GET, the 304 and the HEAD ahead too");
    }

    @Test
    void aLoadAnsweredAhead_waitsForItsAnswer_andAMalformedPathIsTheRouters() {
        HttpResponse<String> load = server.get("/v1/post/durov/481");
        assertEquals(200, load.statusCode());
        assertEquals("upstream", CacheHttp.header(load, "X-Cache"));
        assertEquals(1, server.tme.totalHits(), "one t.me request");
        // Not plain paths: the router's to read (it takes a trailing slash as the route, and the hit comes from L1).
        HttpResponse<String> slash = server.get("/v1/post/durov/481/");
        assertEquals(List.of(200, "L1"), List.of(slash.statusCode(), CacheHttp.header(slash, "X-Cache")));
        assertEquals(404, server.get("/v1/body/dur%6Fv/x").statusCode());
        assertEquals(1, ahead());
    }

    @Test
    void aRequestAnsweredAhead_isTimedAndLoggedUnderItsRoute_withItsId() {
        server.get(BODY);
        HttpResponse<String> hit = server.get(BODY, "X-Request-Id", "client-id-1");
        HttpResponse<String> invalid = server.get("/v1/body/-bad-");

        assertEquals("client-id-1", CacheHttp.header(hit, "X-Request-Id"));
        assertEquals(422, invalid.statusCode());
        PrometheusText metrics = PrometheusText.of(server);
        String timer = "tme_http_requests_seconds_count{" + MetricsEndpointTest.ROUTE;
        assertEquals(1, metrics.count(timer + ",status=\"200\",level=\"upstream\"}"));
        assertEquals(1, metrics.count(timer + ",status=\"200\",level=\"l1\"}"));
        assertEquals(1, metrics.count(timer + ",status=\"422\",level=\"none\"}"));
        String[] line = lines.ofRequest("client-id-1").split(" ");
        assertEquals(List.of("client-id-1", "GET", "/v1/body/:channel", "200", "L1"), List.of(line).subList(1, 6));
        assertTrue(lines.ofRequest(CacheHttp.header(invalid, "X-Request-Id")).contains(" GET /v1/body/:channel 422 - "));
    }

    @Test
    void aCrossOriginRequest_getsTheRoutersCorsHeaders() {
        server.get(BODY);
        HttpResponse<String> cors = server.get(BODY, "Origin", "https://reader.example");
        assertEquals("*", CacheHttp.header(cors, "Access-Control-Allow-Origin"));
        assertEquals("L1", CacheHttp.header(cors, "X-Cache"));
        assertEquals(1, ahead(), "only the load went ahead; the cross-origin hit was routed");
    }

    private HitsAhead hitsAhead() {
        return (HitsAhead) HitsAhead.entry(ServedRoutes.router(server));
    }

    /** Requests answered ahead of the router so far ({@code tme_http_requests_ahead_total}). */
    private long ahead() {
        return PrometheusText.of(server).count("tme_http_requests_ahead_total");
    }

    /** Every header but the two that differ between any two requests (their ids) or are not ours (the date). */
    private static Map<String, List<String>> comparable(HttpResponse<?> response) {
        Map<String, List<String>> headers = new TreeMap<>(response.headers().map());
        headers.remove("x-request-id");
        headers.remove("date");
        return headers;
    }
}
