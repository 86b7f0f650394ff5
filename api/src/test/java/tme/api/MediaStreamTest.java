package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.MediaLinksTest.assertProblem;

import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.FakeCdn;

/**
 * {@code MEDIA_MODE=stream} against the fake t.me and a fake CDN on loopback: the bytes are the CDN's, a
 * {@code Range} is a 206 of exactly those bytes, a refused link is reloaded and served, and with the default
 * {@code MEDIA_HOSTS} a media URL on any other host (the loopback) is never fetched.
 */
class MediaStreamTest {

    private static final String PHOTO = "/v1/media/durov/481/0";
    private static final Map<String, String> STREAM = Map.of("MEDIA_MODE", "stream", "MEDIA_HOSTS", "http://127.0.0.1");

    private final Vertx cdnVertx = Vertx.vertx();
    private final FakeCdn cdn = FakeCdn.start(cdnVertx);
    private final CacheFleet fleet = CacheFleet.withoutRedis();

    @AfterEach
    void stop() {
        fleet.close();
        cdn.close();
        TestServer.await(cdnVertx.close());
    }

    @Test
    void stream_bytesEqualTheCdns_withLongCachingAndAnETagThatAnswers304WithoutTheCdn() {
        TestServer server = streaming(STREAM);
        String url = photoUrl(server);
        HttpResponse<byte[]> response = bytes(server, PHOTO);
        assertEquals(200, response.statusCode());
        byte[] expected = FakeCdn.bytes(token(url));
        assertArrayEquals(expected, response.body());
        assertEquals(Integer.toString(expected.length), header(response, "content-length"));
        assertEquals("image/jpeg", header(response, "content-type"));
        assertEquals("public, max-age=31536000, immutable", header(response, "cache-control"));
        assertEquals("nosniff", header(response, "x-content-type-options"));
        String etag = header(response, "etag");
        assertEquals(1, cdn.hits(URI.create(url).getPath()));

        HttpResponse<byte[]> head = send(server, server.request(PHOTO).method("HEAD",
                java.net.http.HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, head.statusCode());
        assertEquals(Integer.toString(expected.length), header(head, "content-length"));
        assertEquals(0, head.body().length);
        assertEquals(etag, header(head, "etag"));
        assertEquals(2, cdn.hits(URI.create(url).getPath()), "HEAD asks the CDN for headers");

        HttpResponse<byte[]> again = bytes(server, PHOTO, "If-None-Match", etag);
        assertEquals(304, again.statusCode());
        assertEquals(2, cdn.hits(URI.create(url).getPath()), "a 304 asks nothing of the CDN");
        assertEquals(expected.length, Fleet.metric(server, "tme_media_bytes_streamed_total"));
        assertEquals(2, Fleet.metric(server, "tme_media_streams_total"));
        assertEquals(1, Fleet.metric(server, "tme_media_not_modified_total"));
        String route = "route=\"/v1/media/:channel/:post/:n\"";
        assertEquals(1, Fleet.metric(server, "tme_stream_seconds_count{" + route + "}"), "the GET relayed, a stream");
        String requests = "tme_http_requests_seconds_count{" + route + ",level=\"none\",status=";
        assertEquals(1, Fleet.metric(server, requests + "\"200\"}"), "the HEAD, an ordinary answer");
        assertEquals(1, Fleet.metric(server, requests + "\"304\"}"));
    }

    @Test
    void range_is206_withExactlyThoseBytes() {
        TestServer server = streaming(STREAM);
        byte[] whole = FakeCdn.bytes(token(photoUrl(server)));
        HttpResponse<byte[]> part = bytes(server, PHOTO, "Range", "bytes=100-1123");
        assertEquals(206, part.statusCode());
        assertArrayEquals(Arrays.copyOfRange(whole, 100, 1124), part.body());
        assertEquals("bytes 100-1123/" + whole.length, header(part, "content-range"));
        HttpResponse<byte[]> tail = bytes(server, PHOTO, "Range", "bytes=-10");
        assertEquals(206, tail.statusCode());
        assertArrayEquals(Arrays.copyOfRange(whole, whole.length - 10, whole.length), tail.body());
        HttpResponse<byte[]> odd = bytes(server, PHOTO, "Range", "bytes=0-1,5-9");
        assertEquals(200, odd.statusCode(), "several ranges are not passed on: the whole file");
        assertArrayEquals(whole, odd.body());
    }

    @Test
    void refusedLink_isReloadedOnce_andServedFromTheNewLink() {
        TestServer server = streaming(STREAM);
        String old = photoUrl(server);
        assertEquals(200, bytes(server, PHOTO).statusCode());
        fleet.tme.reissueMedia();
        cdn.retireBelow(1);
        HttpResponse<byte[]> response = bytes(server, PHOTO);
        assertEquals(200, response.statusCode());
        assertArrayEquals(FakeCdn.bytes(token(old)), response.body());
        assertEquals(2, cdn.hits(URI.create(old).getPath()), "the old link, served then refused");
        assertEquals(1, cdn.hits(URI.create(old).getPath().replace("/g0/", "/g1/")));
        assertEquals(2, fleet.tme.hits("/s/durov/481"), "one reload");
        assertEquals(1, Fleet.metric(server, "tme_media_reloads_total{reason=\"refused\"}"));
        assertEquals(200, bytes(server, PHOTO).statusCode());
        assertEquals(2, fleet.tme.hits("/s/durov/481"), "the reloaded entry serves on");
    }

    @Test
    void oneStreamAllowed_eachFinishedStreamGivesItsSlotBack() {
        Map<String, String> env = new HashMap<>(STREAM);
        env.put("MEDIA_STREAMS", "1");
        TestServer server = streaming(env);
        photoUrl(server);
        for (int i = 0; i < 3; i++) {
            assertEquals(200, bytes(server, PHOTO).statusCode());
        }
        assertEquals(0, Fleet.metric(server, "tme_media_busy_total"));
    }

    @Test
    void streamsPastMediaStreams_are503Busy_untilOneEnds() throws Exception {
        Map<String, String> env = new HashMap<>(STREAM);
        env.put("MEDIA_STREAMS", "1");
        TestServer server = streaming(env);
        photoUrl(server);
        cdn.hold();
        var first = server.http().sendAsync(server.request(PHOTO).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        FleetAwait.until("the first stream at the CDN", () -> cdn.totalHits() == 1, () -> "CDN hits " + cdn.totalHits());
        HttpResponse<String> busy = server.get(PHOTO);
        assertProblem(busy, 503, "media_busy");
        assertEquals("1", header(busy, "retry-after"));
        assertEquals(1, cdn.totalHits(), "refused before any CDN request");
        cdn.release();
        assertEquals(200, first.get(20, java.util.concurrent.TimeUnit.SECONDS).statusCode());
        // The reader may have the last byte a moment before the server's pipe completes and gives the slot back:
        // ask until it is back, and count every 503 met on the way.
        int[] busyMeanwhile = {0};
        FleetAwait.until("the slot was given back", () -> {
            int status = bytes(server, PHOTO).statusCode();
            busyMeanwhile[0] += status == 503 ? 1 : 0;
            return status == 200;
        }, () -> busyMeanwhile[0] + " more 503s");
        assertEquals(1 + busyMeanwhile[0], Fleet.metric(server, "tme_media_busy_total"));
        assertEquals(2, cdn.totalHits(), "one CDN request per stream served, none for a refused one");
    }

    @Test
    void bodyWithoutALength_isCutPastMediaMaxBytes() {
        Map<String, String> env = new HashMap<>(STREAM);
        env.put("MEDIA_MAX_BYTES", "1000");
        cdn.chunked(true);
        TestServer server = streaming(env);
        photoUrl(server);
        IllegalStateException cut = assertThrows(IllegalStateException.class, () -> bytes(server, PHOTO));
        assertInstanceOf(java.io.IOException.class, cut.getCause());
        // Cut before a byte went out: the JDK client sends its GET once more on a connection closed before a status.
        assertEquals(2, cdn.totalHits());
        assertEquals(2, Fleet.metric(server, "tme_media_upstream_failures_total"), "each stream cut is counted");
        assertEquals(0, Fleet.metric(server, "tme_media_bytes_streamed_total"), "nothing past the bound went out");
    }

    @Test
    void defaultHosts_loopbackMediaIsNeverFetched() {
        TestServer server = streaming(Map.of("MEDIA_MODE", "stream"));
        assertTrue(photoUrl(server).startsWith("http://127.0.0.1:"));
        assertProblem(server.get(PHOTO), 502, "media_host_refused");
        assertProblem(server.get("/v1/media/durov/489/0/thumb"), 502, "media_host_refused");
        assertEquals(0, cdn.totalHits());
        assertEquals(2, Fleet.metric(server, "tme_media_hosts_refused_total"));
    }

    @Test
    void cdnRedirectOffTheList_isRefused_andNotFollowed() {
        TestServer server = streaming(STREAM);
        photoUrl(server);
        cdn.redirectTo("http://localhost:9/file/elsewhere.jpg");
        assertProblem(server.get(PHOTO), 502, "media_host_refused");
        assertEquals(1, cdn.totalHits());
    }

    @Test
    void fileLargerThanMediaMaxBytes_is502_unread() {
        Map<String, String> env = new HashMap<>(STREAM);
        env.put("MEDIA_MAX_BYTES", "1000");
        TestServer server = streaming(env);
        photoUrl(server);
        assertProblem(server.get(PHOTO), 502, "media_upstream_failed");
        assertEquals(1, Fleet.metric(server, "tme_media_upstream_failures_total"));
    }

    private TestServer streaming(Map<String, String> env) {
        fleet.tme.mediaAt(cdn.baseUrl());
        return fleet.server(env);
    }

    /** The photo's CDN URL as the stored post has it. */
    private static String photoUrl(TestServer server) {
        return TestServer.json(server.get("/v1/post/durov/481")).getJsonObject("content").getJsonArray("media")
                .getJsonObject(0).getString("url");
    }

    /** {@code <token>} of {@code http://127.0.0.1:<port>/file/g<n>/<token>.jpg}. */
    private static String token(String url) {
        String file = url.substring(url.lastIndexOf('/') + 1);
        return file.substring(0, file.indexOf('.'));
    }

    private static HttpResponse<byte[]> bytes(TestServer server, String path, String... headers) {
        return send(server, server.request(path, headers).GET().build());
    }

    private static HttpResponse<byte[]> send(TestServer server, java.net.http.HttpRequest request) {
        try {
            return server.http().send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElseThrow(() -> new AssertionError("no " + name));
    }
}
