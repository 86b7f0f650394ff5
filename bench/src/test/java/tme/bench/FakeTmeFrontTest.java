package tme.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FakeTmeFrontTest {

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private FakeTmeFront front;

    @BeforeEach
    void start() {
        front = FakeTmeFront.start(vertx, 0, Duration.ZERO);
    }

    @AfterEach
    void stop() {
        front.close();
        vertx.close().toCompletionStage().toCompletableFuture().join();
        http.close();
    }

    @Test
    void forwards_recordedPageAndCountsIt() throws Exception {
        HttpResponse<String> page = get("/s/durov");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("data-post=\"durov/502\""), "the recorded durov page");
        assertEquals("{\"upstream_requests\":1,\"distinct_uris\":1,\"stalled\":0}", get("/__hits").body());
        assertEquals(1, front.upstreamRequests());
    }

    @Test
    void editAndDelete_changeThePagesFromNowOn() throws Exception {
        assertEquals(204, post("/__edit?channel=durov&id=502&text=Edited%20for%20the%20demo").statusCode());
        assertEquals(204, post("/__delete?channel=durov&id=500").statusCode());

        String page = get("/s/durov").body();
        assertTrue(page.contains("Edited for the demo"), "the new text");
        assertTrue(page.contains("edited &nbsp;<a class=\"tgme_widget_message_date\" href=\"https://t.me/durov/502\""),
                "t.me's edited mark on 502");
        assertFalse(page.contains("data-post=\"durov/500\""), "500 deleted");
        assertTrue(page.contains("data-post=\"durov/501\""));
    }

    @Test
    void forwards_tmeRedirectForUnknownChannelWithoutFollowingIt() throws Exception {
        HttpResponse<String> unknown = get("/s/zzqxnosuchchannel");
        assertEquals(302, unknown.statusCode());
        assertEquals("/zzqxnosuchchannel", unknown.headers().firstValue("location").orElse(""));
    }

    @Test
    void hits_countRepeatedUrisOnceAmongDistinct() throws Exception {
        get("/s/durov");
        get("/s/durov");
        get("/s/meduzalive/141880");
        assertEquals("{\"upstream_requests\":3,\"distinct_uris\":2,\"stalled\":0}", get("/__hits").body());
        assertEquals(2, front.distinctUris());
    }

    @Test
    void hits_ofOneUri() throws Exception {
        get("/s/durov");
        get("/s/durov");
        get("/s/meduzalive");
        assertEquals("{\"uri\":\"/s/durov\",\"requests\":2}", get("/__hits?uri=/s/durov").body());
        assertEquals("{\"uri\":\"/s/nobody\",\"requests\":0}", get("/__hits?uri=/s/nobody").body());
    }

    @Test
    void reset_zeroesTheCounts() throws Exception {
        get("/s/durov");
        get("/s/meduzalive/141880");
        assertEquals("{\"upstream_requests\":2,\"distinct_uris\":2,\"stalled\":0}", get("/__hits").body());
        assertEquals(204, post("/__reset").statusCode());
        assertEquals("{\"upstream_requests\":0,\"distinct_uris\":0,\"stalled\":0}", get("/__hits").body());
    }

    @Test
    void stall_leavesEveryRequestUnansweredAndCountsIt() throws Exception {
        assertEquals(204, post("/__stall").statusCode());
        assertThrows(HttpTimeoutException.class, () -> getWithin("/s/durov", Duration.ofMillis(300)));
        assertThrows(HttpTimeoutException.class, () -> getWithin("/s/miss12345", Duration.ofMillis(300)));
        assertEquals("{\"upstream_requests\":2,\"distinct_uris\":2,\"stalled\":2}", get("/__hits").body());
        assertEquals(2, front.stalledRequests());
    }

    @Test
    void unstall_answersAgainAndAnyChannelNameIsARealChannel() throws Exception {
        post("/__stall");
        assertThrows(HttpTimeoutException.class, () -> getWithin("/s/miss12345", Duration.ofMillis(300)));
        assertEquals(204, post("/__unstall").statusCode());
        HttpResponse<String> miss = get("/s/miss12345");
        assertEquals(200, miss.statusCode());
        assertTrue(miss.body().contains("data-post=\"miss12345/502\""), "durov's page under the asked name");
        assertEquals(200, get("/s/durov").statusCode());
        assertEquals("{\"upstream_requests\":3,\"distinct_uris\":2,\"stalled\":1}", get("/__hits").body());
    }

    @Test
    void anyChannel_servesAnUnknownNameAsARealChannelWithoutStalling() throws Exception {
        assertEquals(302, get("/s/zipf0001").statusCode(), "unknown before");
        assertEquals(204, post("/__any_channel").statusCode());
        HttpResponse<String> page = get("/s/zipf0001");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("data-post=\"zipf0001/502\""), "durov's page under the asked name");
        assertEquals("{\"upstream_requests\":2,\"distinct_uris\":1,\"stalled\":0}", get("/__hits").body());
    }

    @Test
    void fail_answersEveryRequestWithTheStatus_untilHealed() throws Exception {
        assertEquals(204, post("/__fail?status=429").statusCode());
        HttpResponse<String> throttled = get("/s/durov");
        assertEquals(429, throttled.statusCode());
        assertEquals("2", throttled.headers().firstValue("retry-after").orElseThrow());
        assertEquals(204, post("/__fail?status=500").statusCode());
        assertEquals(500, get("/s/durov").statusCode());
        assertEquals(204, post("/__heal").statusCode());
        assertEquals(200, get("/s/durov").statusCode());
        assertEquals("{\"upstream_requests\":3,\"distinct_uris\":1,\"stalled\":0}", get("/__hits").body());
    }

    @Test
    void control_routesOnlyTakePost() throws Exception {
        HttpResponse<String> stall = get("/__stall");
        assertEquals(405, stall.statusCode());
        assertEquals(200, get("/s/durov").statusCode(), "a GET does not stall t.me");
    }

    private HttpResponse<String> post(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> getWithin(String path, Duration timeout) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(timeout).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + front.port() + path);
    }
}
