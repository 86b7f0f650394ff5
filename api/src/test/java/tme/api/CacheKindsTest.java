package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.api.CacheHttp.header;
import static tme.api.CacheHttp.level;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tme.coalescing.Freshness;

/**
 * Every kind of answer is cached under its own key with its own TTL (issue 3 "What is cached"), and
 * {@code POST /v1/previews} reads the same entries as {@code GET /v1/preview}.
 */
class CacheKindsTest extends CacheFleetTestBase {

    @ParameterizedTest(name = "{0} is fresh for {2}s under {1}")
    @CsvSource({
        "/v1/body/durov,                tme:v1:full:body:durov:0,          10,   /s/durov",
        "/v1/body/durov?position=490,   tme:v1:full:body:durov:490,        120,  /s/durov/490",
        "/v1/post/durov/495,            tme:v1:full:post:durov:495,        120,  /s/durov/495",
        "/v1/more/durov/after/490,      tme:v1:full:more:durov:after:490,  10,   /s/durov?after=490",
        "/v1/more/durov/before/490,     tme:v1:full:more:durov:before:490, 3600, /s/durov?before=490",
        "/v1/preview/durov,             tme:v1:preview:durov,              3600, /durov",
    })
    void eachKind_isCachedForItsTtl(String path, String key, long ttlSeconds, String upstreamUri) {
        HttpResponse<byte[]> first = CacheHttp.get(server, path);
        long lifetime = Freshness.of(Duration.ofSeconds(ttlSeconds), 0.10).lifetime(key).toSeconds();
        assertEquals(200, first.statusCode(), CacheHttp.text(first));
        assertEquals("upstream", level(first));
        assertEquals("public, max-age=" + lifetime + ", stale-while-revalidate=" + lifetime
                + ", stale-if-error=86400", header(first, "Cache-Control"));

        // Just before its expiry the entry still answers (past its refresh point: one background refresh runs).
        fleet.clock.advance(Duration.ofSeconds(lifetime).minusMillis(1));
        HttpResponse<byte[]> last = CacheHttp.get(server, path);
        assertEquals("L1", level(last));
        assertEquals(lifetime - 1, CacheHttp.age(last));
        CacheHttp.awaitUntil("the background refresh stored a new entry", () -> CacheHttp.metric(server, "tme_cache_puts_total") == 2);
        assertEquals(2, fleet.tme.hits(upstreamUri));
        assertEquals(1, CacheHttp.metric(server, "tme_coalescing_refreshes_started_total"));
    }

    @Test
    void previews_readTheEntriesOfSinglePreviews() {
        assertEquals("upstream", level(CacheHttp.get(server, "/v1/preview/durov")));
        HttpResponse<String> batch = server.post("/v1/previews", "{\"channels\":[\"Durov\",\"zzqxnonexistent\"]}");
        HttpResponse<String> again = server.post("/v1/previews", "{\"channels\":[\"zzqxnonexistent\",\"durov\"]}");

        assertEquals(200, batch.statusCode());
        JsonObject entries = TestServer.json(again);
        assertEquals("Pavel Durov", entries.getJsonObject("durov").getJsonObject("channel").getString("title"));
        assertEquals("channel_not_found",
                entries.getJsonObject("zzqxnonexistent").getJsonObject("error").getString("code"));
        assertEquals(TestServer.json(batch), entries);
        assertEquals(1, fleet.tme.hits("/durov"));
        assertEquals(1, fleet.tme.hits("/zzqxnonexistent"));
    }
}
