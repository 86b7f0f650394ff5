package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.CacheHttp.age;
import static tme.api.CacheHttp.header;
import static tme.api.CacheHttp.level;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 3 "Serving", through real HTTP on one server without Redis: hits from L1 with the stored bytes, ETag and
 * 304, zstd pass-through, Cache-Control and Age on the injected clock, and key normalization.
 */
class CacheServingTest extends CacheFleetTestBase {

    private static final String BODY = "/v1/body/durov";

    @Test
    void body_secondGetIsAnL1HitWithTheSameBytesAndOneUpstreamHit() {
        HttpResponse<byte[]> first = CacheHttp.get(server, BODY);
        HttpResponse<byte[]> second = CacheHttp.get(server, BODY);

        assertEquals(200, first.statusCode());
        assertEquals(200, second.statusCode());
        assertEquals("upstream", level(first));
        assertEquals("L1", level(second));
        assertArrayEquals(first.body(), second.body());
        assertEquals(481, new JsonObject(CacheHttp.text(second)).getJsonObject("content")
                .getJsonArray("posts").getJsonObject(0).getInteger("id"));
        assertEquals(1, tme.hits("/s/durov"));
        String etag = header(first, "ETag");
        assertTrue(etag.matches("W/\"[0-9a-f]+-[0-9a-f]+\""), etag);
        assertEquals(etag, header(second, "ETag"));
    }

    @Test
    void ifNoneMatch_withOurEtagIs304WithoutBody_andAnotherTagIs200() {
        String etag = header(CacheHttp.get(server, BODY), "ETag");

        HttpResponse<byte[]> same = CacheHttp.get(server, BODY, "If-None-Match", etag);
        assertEquals(304, same.statusCode());
        assertEquals(0, same.body().length);
        assertEquals(etag, header(same, "ETag"));
        assertEquals("L1", level(same));

        HttpResponse<byte[]> strongForm = CacheHttp.get(server, BODY, "If-None-Match", etag.substring(2));
        assertEquals(304, strongForm.statusCode(), "weak comparison ignores the W/ prefix");

        HttpResponse<byte[]> other = CacheHttp.get(server, BODY, "If-None-Match", "W/\"0-0\"");
        assertEquals(200, other.statusCode());
        assertEquals(etag, header(other, "ETag"));
        assertTrue(other.body().length > 1000);
        assertEquals(1, tme.hits("/s/durov"));
    }

    @Test
    void cachedNotFound_ignoresIfNoneMatch_asPreconditionsApplyTo2xxOnly() {
        HttpResponse<byte[]> notFound = CacheHttp.get(server, "/v1/body/zzqxnonexistent");
        assertEquals(404, notFound.statusCode());
        assertNull(header(notFound, "ETag"));

        HttpResponse<byte[]> revalidated = CacheHttp.get(server, "/v1/body/zzqxnonexistent", "If-None-Match", "*");
        assertEquals(404, revalidated.statusCode(), "RFC 9110 13.2.1: no 304 where the answer is not a 2xx");
        assertEquals("L1", level(revalidated));
        assertEquals("channel_not_found", new JsonObject(CacheHttp.text(revalidated)).getString("code"));
        assertEquals(1, tme.hits("/s/zzqxnonexistent"));
    }

    @Test
    void zstd_passesThroughToClientsThatAcceptIt_otherClientsGetPlainJson() throws Exception {
        HttpResponse<byte[]> plain = CacheHttp.get(server, BODY);
        HttpResponse<byte[]> zstd = CacheHttp.get(server, BODY, "Accept-Encoding", "gzip, zstd");
        HttpResponse<byte[]> refused = CacheHttp.get(server, BODY, "Accept-Encoding", "gzip, zstd;q=0");
        HttpResponse<byte[]> refusedLoudly = CacheHttp.get(server, BODY, "Accept-Encoding", "ZSTD; Q=0.0");
        HttpResponse<byte[]> upperCase = CacheHttp.get(server, BODY, "Accept-Encoding", "br;q=1.0, ZSTD;Q=0.5");

        assertNull(header(plain, "Content-Encoding"));
        assertEquals("zstd", header(zstd, "Content-Encoding"));
        assertEquals("gzip", header(refused, "Content-Encoding"), "zstd refused: the gzip copy, from the first");
        assertNull(header(refusedLoudly, "Content-Encoding"), "parameter names and values are case-insensitive");
        assertEquals("zstd", header(upperCase, "Content-Encoding"));
        assertTrue(zstd.body().length * 3 < plain.body().length,
                "zstd " + zstd.body().length + " vs plain " + plain.body().length);
        assertArrayEquals(plain.body(), CacheHttp.unzstd(zstd.body()));
        assertArrayEquals(plain.body(), gunzip(refused.body()));
        assertEquals("durov", new JsonObject(CacheHttp.text(plain)).getJsonObject("channel").getString("username"));
        assertEquals(header(plain, "ETag"), header(zstd, "ETag"), "one weak validator for both encodings");
        for (HttpResponse<byte[]> response : List.of(plain, zstd, refused)) {
            assertEquals("accept-encoding", header(response, "Vary").toLowerCase(Locale.ROOT));
            assertEquals("application/json; charset=utf-8", header(response, "Content-Type"));
        }
        assertEquals(1, tme.hits("/s/durov"));
    }

    @Test
    void gzip_firstRequestOfALargeValueWaitsForItsOneCopy_thenServedWithTheSameValidator() throws Exception {
        HttpResponse<byte[]> plain = CacheHttp.get(server, BODY);
        assertTrue(plain.body().length > 8 * 1024, "a value made on the workers: " + plain.body().length);
        HttpResponse<byte[]> first = CacheHttp.get(server, BODY, "Accept-Encoding", "gzip, deflate");
        assertEquals("gzip", header(first, "Content-Encoding"), "the first gzip request already gets gzip");
        assertArrayEquals(plain.body(), gunzip(first.body()));

        HttpResponse<byte[]> gzip = CacheHttp.get(server, BODY, "Accept-Encoding", "zstd;q=0.5, gzip");
        HttpResponse<byte[]> zstd = CacheHttp.get(server, BODY, "Accept-Encoding", "gzip, zstd");

        assertEquals("gzip", header(gzip, "Content-Encoding"));
        assertArrayEquals(first.body(), gzip.body(), "the one copy, made once");
        assertEquals("zstd", header(zstd, "Content-Encoding"), "equal q-values: the smaller zstd");
        assertTrue(gzip.body().length * 3 < plain.body().length, "gzip " + gzip.body().length);
        assertEquals(header(plain, "ETag"), header(gzip, "ETag"), "one weak validator for every coding");
        assertEquals("accept-encoding", header(gzip, "Vary").toLowerCase(Locale.ROOT));
        assertEquals(304, CacheHttp.get(server, BODY, "Accept-Encoding", "gzip", "If-None-Match", header(plain, "ETag"))
                .statusCode());
        assertEquals(1, tme.hits("/s/durov"));
    }

    @Test
    void gzip_concurrentFirstRequestsAllGetTheOneCopy() throws Exception {
        CacheHttp.get(server, BODY);
        List<CompletableFuture<HttpResponse<byte[]>>> asked = new ArrayList<>();
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            for (int i = 0; i < 8; i++) {
                asked.add(client.sendAsync(server.request(BODY, "Accept-Encoding", "gzip").GET().build(),
                        HttpResponse.BodyHandlers.ofByteArray()));
            }
            byte[] one = asked.get(0).get(10, TimeUnit.SECONDS).body();
            for (CompletableFuture<HttpResponse<byte[]>> answer : asked) {
                assertEquals("gzip", header(answer.get(10, TimeUnit.SECONDS), "Content-Encoding"));
                assertArrayEquals(one, answer.get().body());
            }
        }
    }

    @Test
    void gzip_smallValueIsCompressedInlineOnItsFirstRequest() throws Exception {
        String post = "/v1/post/durov/481";
        HttpResponse<byte[]> plain = CacheHttp.get(server, post);
        assertEquals(200, plain.statusCode());
        assertTrue(plain.body().length < 8 * 1024, "a value compressed inline: " + plain.body().length);
        HttpResponse<byte[]> first = CacheHttp.get(server, post, "Accept-Encoding", "gzip");

        assertEquals("gzip", header(first, "Content-Encoding"));
        assertArrayEquals(plain.body(), gunzip(first.body()));
        assertEquals(header(plain, "ETag"), header(first, "ETag"));
    }

    private static byte[] gunzip(byte[] body) throws java.io.IOException {
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    @Test
    void l1Hit_reachesClientsThatAskForH2cWhole() {
        byte[] loaded = CacheHttp.get(server, BODY).body();
        for (int visitor = 0; visitor < 5; visitor++) {
            // The JDK client's default (HTTP_2) asks for the h2c upgrade on every new connection.
            HttpResponse<byte[]> hit = CacheHttp.get(server, BODY);
            assertEquals("L1", level(hit));
            assertArrayEquals(loaded, hit.body());
            assertEquals(HttpClient.Version.HTTP_1_1, hit.version(), "no h2c: see Main.serverOptions");
        }
    }

    @Test
    void cacheControlAndAge_followTheStoredEntryOnTheClock() {
        HttpResponse<byte[]> fresh = CacheHttp.get(server, BODY);
        assertEquals("public, max-age=10, stale-while-revalidate=10, stale-if-error=86400",
                header(fresh, "Cache-Control"));
        assertEquals(0, age(fresh));

        fleet.clock.advance(Duration.ofSeconds(6));
        HttpResponse<byte[]> older = CacheHttp.get(server, BODY);
        assertEquals("L1", level(older));
        assertEquals("public, max-age=10, stale-while-revalidate=10, stale-if-error=86400",
                header(older, "Cache-Control"), "the lifetime: Age says how much of it is gone (RFC 9111, 4.2.3)");
        assertEquals(6, age(older));

        fleet.clock.advance(Duration.ofMillis(2500));
        assertEquals(8, age(CacheHttp.get(server, BODY)));
        assertEquals(1, tme.hits("/s/durov"));
    }

    @Test
    void positionedPage_isFreshForItsLongerTtl() {
        HttpResponse<byte[]> page = CacheHttp.get(server, "/v1/body/durov?position=490");
        // CACHE_TTL_PAGE is 2m; lifetimes of a minute or more are trimmed by a key-hashed part of up to half the
        // window (6s), for this key 4s.
        assertEquals("public, max-age=116, stale-while-revalidate=116, stale-if-error=86400",
                header(page, "Cache-Control"));
    }

    @Test
    void errors_carryNoStore() {
        tme.status(500);
        HttpResponse<byte[]> failed = CacheHttp.get(server, BODY);
        assertEquals(503, failed.statusCode());
        assertEquals("no-store", header(failed, "Cache-Control"));
        assertNull(header(failed, "X-Cache"));
        assertNull(header(failed, "ETag"));

        HttpResponse<byte[]> invalid = CacheHttp.get(server, "/v1/body/ab");
        assertEquals(422, invalid.statusCode());
        assertEquals("no-store", header(invalid, "Cache-Control"));
    }

    @Test
    void channelNames_inAnyCaseShareOneEntry() {
        HttpResponse<byte[]> upper = CacheHttp.get(server, "/v1/body/DUROV");
        HttpResponse<byte[]> lower = CacheHttp.get(server, BODY);
        HttpResponse<byte[]> mixed = CacheHttp.get(server, "/v1/body/DuRoV");

        assertEquals("upstream", level(upper));
        assertEquals("L1", level(lower));
        assertEquals("L1", level(mixed));
        assertArrayEquals(upper.body(), lower.body());
        assertEquals(1, tme.hits("/s/durov"));
        assertEquals(0, tme.hits("/s/DUROV"));
    }

    @Test
    void metrics_countLevelsLoadsAndUpstream() {
        CacheHttp.get(server, BODY);
        CacheHttp.get(server, BODY);
        CacheHttp.get(server, "/v1/body/zzqxnonexistent");

        HttpResponse<String> metrics = server.get("/metrics");
        assertEquals(200, metrics.statusCode());
        assertEquals("no-store", header(metrics, "Cache-Control"));
        PrometheusText counters = PrometheusText.parse(metrics.body());
        assertEquals(1, counters.count("tme_cache_lookups_total{level=\"l1\",result=\"hit\"}"));
        assertEquals(2, counters.count("tme_cache_lookups_total{level=\"l2\",result=\"miss\"}"));
        assertEquals(3, counters.count("tme_cache_puts_total"), "the page, the \"not found\", and the channel known missing");
        assertEquals(2, counters.count("tme_coalescing_loads_total"));
        assertEquals(2, counters.count("tme_upstream_sent_total"));
        assertEquals(1, counters.count("tme_upstream_requests_total{outcome=\"ok\"}"));
        assertEquals(1, counters.count("tme_upstream_requests_total{outcome=\"not_found\"}"));
        assertEquals(1, counters.count("tme_scrape_pages_parsed_total"));
        assertEquals(0, counters.sum("tme_scrape_anomalies_total"));
        assertEquals(0, counters.count("tme_coalescing_refreshes_started_total"));
    }
}
