package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.CacheHttp.age;
import static tme.api.CacheHttp.header;
import static tme.api.CacheHttp.level;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 3 expiry and negative caching, on one server without Redis and the injected clock: an entry is served
 * until its TTL, refreshed once in the background inside the last 10% of its freshness, and reloaded after it;
 * "not found" is cached for CACHE_TTL_NOT_FOUND; errors, throttling and anomalies are never cached. Stale answers
 * are turned off here (no window past freshness): {@code StaleAnswersTest} covers them.
 */
class CacheExpiryTest extends CacheFleetTestBase {

    @Override
    Map<String, String> serverEnv() {
        return Map.of("STALE_WHILE_REVALIDATE", "0s", "MAX_STALE", "0s");
    }

    private static final String BODY = "/v1/body/durov";
    private static final String UNKNOWN = "/v1/body/zzqxnonexistent";

    @Test
    void latestPage_pastItsTtl_isLoadedAgain() {
        assertEquals("upstream", level(CacheHttp.get(server, BODY)));
        fleet.clock.advance(Duration.ofSeconds(8));
        assertEquals("L1", level(CacheHttp.get(server, BODY)));
        assertEquals(1, tme.hits("/s/durov"));

        fleet.clock.advance(Duration.ofMillis(2001)); // 10.001s: past CACHE_TTL_LATEST
        HttpResponse<byte[]> reloaded = CacheHttp.get(server, BODY);

        assertEquals(200, reloaded.statusCode());
        assertEquals("upstream", level(reloaded));
        assertEquals(0, age(reloaded));
        assertEquals(2, tme.hits("/s/durov"));
        assertEquals("L1", level(CacheHttp.get(server, BODY)));
        assertEquals(2, tme.hits("/s/durov"));
    }

    @Test
    void latestPage_insideItsRefreshWindow_isServedWhileOneBackgroundRefreshLoads() throws InterruptedException {
        HttpResponse<byte[]> first = CacheHttp.get(server, BODY);
        tme.holdRequests(); // the refresh's request to t.me waits here: no client may wait with it
        fleet.clock.advance(Duration.ofMillis(9500)); // refresh points of a 10s entry lie in 9s..9.5s

        HttpResponse<byte[]> stale = CacheHttp.get(server, BODY);
        HttpResponse<byte[]> again = CacheHttp.get(server, BODY);

        assertEquals("L1", level(stale));
        assertEquals(9, age(stale));
        assertEquals("public, max-age=10, stale-while-revalidate=10, stale-if-error=86400",
                header(stale, "Cache-Control"));
        assertArrayEquals(first.body(), stale.body());
        assertEquals("L1", level(again));
        assertTrue(tme.awaitHeld(1, FleetAwait.DEADLINE), "the background refresh reached t.me");
        assertEquals(2, tme.hits("/s/durov"), "one refresh, however many reads");
        assertEquals(1, CacheHttp.metric(server, "tme_coalescing_refreshes_started_total"));

        tme.release();
        CacheHttp.awaitUntil("the refresh stored its value", () -> CacheHttp.metric(server, "tme_cache_puts_total") == 2);
        HttpResponse<byte[]> refreshed = CacheHttp.get(server, BODY);
        assertEquals("L1", level(refreshed));
        assertEquals(0, age(refreshed));
        assertEquals("public, max-age=10, stale-while-revalidate=10, stale-if-error=86400",
                header(refreshed, "Cache-Control"));
        assertEquals(2, tme.hits("/s/durov"));
        assertEquals(0, CacheHttp.metric(server, "tme_coalescing_refreshes_failed_total"));
    }

    @Test
    void unknownChannel_isCachedAsNotFoundForItsTtl_thenAskedAgain() {
        HttpResponse<byte[]> first = CacheHttp.get(server, UNKNOWN);
        HttpResponse<byte[]> second = CacheHttp.get(server, UNKNOWN);

        assertEquals(404, first.statusCode());
        assertEquals(404, second.statusCode());
        assertEquals("upstream", level(first));
        assertEquals("L1", level(second));
        assertEquals("application/problem+json; charset=utf-8", header(second, "Content-Type"));
        assertEquals("channel_not_found", new JsonObject(CacheHttp.text(second)).getString("code"));
        // CACHE_TTL_NOT_FOUND is 60s; from a minute on, lifetimes are trimmed by a key-hashed part of up to 3s,
        // for this key 2s.
        assertEquals("public, max-age=58", header(first, "Cache-Control"));
        assertEquals(1, tme.hits("/s/zzqxnonexistent"));

        fleet.clock.advance(Duration.ofSeconds(50));
        assertEquals("L1", level(CacheHttp.get(server, UNKNOWN)));
        assertEquals(1, tme.hits("/s/zzqxnonexistent"));

        fleet.clock.advance(Duration.ofSeconds(11)); // 61s
        HttpResponse<byte[]> expired = CacheHttp.get(server, UNKNOWN);
        assertEquals(404, expired.statusCode());
        assertEquals("upstream", level(expired));
        assertEquals(2, tme.hits("/s/zzqxnonexistent"));
    }

    @Test
    void upstreamError_isNotCached() {
        tme.status(500);
        assertTwoFailuresThenRecovery(503, "upstream_unavailable", Duration.ofSeconds(2));
    }

    @Test
    void throttling_isNotCached_andPausesUntilItsRetryAfter() {
        tme.throttle(Duration.ofSeconds(7));
        HttpResponse<byte[]> throttled = CacheHttp.get(server, BODY);
        assertEquals(503, throttled.statusCode());
        assertEquals("upstream_throttled", new JsonObject(CacheHttp.text(throttled)).getString("code"));
        assertEquals("7", header(throttled, "Retry-After"));

        fleet.clock.advance(Duration.ofSeconds(2));
        HttpResponse<byte[]> paused = CacheHttp.get(server, BODY);
        assertEquals(503, paused.statusCode());
        assertEquals("upstream_cooldown", new JsonObject(CacheHttp.text(paused)).getString("code"));
        assertEquals("5", header(paused, "Retry-After"));
        assertEquals("no-store", header(paused, "Cache-Control"));
        assertEquals(1, tme.hits("/s/durov"), "nobody asks t.me inside its Retry-After");

        tme.reset();
        fleet.clock.advance(Duration.ofSeconds(6)); // past the 7s and the resume jitter (at most 1s)
        HttpResponse<byte[]> recovered = CacheHttp.get(server, BODY);
        assertEquals(200, recovered.statusCode());
        assertEquals("upstream", level(recovered));
        assertEquals(1, tme.hits("/s/durov"));
    }

    @Test
    void upstreamAnomaly_isNotCached() {
        tme.respond("/s/durov", 200, "<html><body><div class=\"captcha\">Are you human?</div></body></html>", Map.of());
        // A captcha also pauses the fleet (2 s, then 4 s, each with up to a quarter more of jitter): asked past both.
        assertTwoFailuresThenRecovery(502, "upstream_anomaly", Duration.ofSeconds(5));
    }

    /**
     * A failure is remembered for UPSTREAM_ERROR_TTL (2s) and never stored: within it the same answer comes from
     * memory, {@code apart} later (at least that) t.me is asked again; once the fake recovers, the next request loads
     * and succeeds.
     */
    private void assertTwoFailuresThenRecovery(int status, String code, Duration apart) {
        for (int attempt = 1; attempt <= 2; attempt++) {
            for (int within = 0; within < 2; within++) {
                HttpResponse<byte[]> failed = CacheHttp.get(server, BODY);
                assertEquals(status, failed.statusCode());
                assertEquals(code, new JsonObject(CacheHttp.text(failed)).getString("code"));
                assertEquals("no-store", header(failed, "Cache-Control"));
                assertEquals(attempt, tme.hits("/s/durov"));
            }
            fleet.clock.advance(apart);
        }
        tme.reset();
        HttpResponse<byte[]> recovered = CacheHttp.get(server, BODY);
        assertEquals(200, recovered.statusCode());
        assertEquals("upstream", level(recovered));
        assertEquals(1, tme.hits("/s/durov"));
        assertEquals("L1", level(CacheHttp.get(server, BODY)));
        assertEquals(1, tme.hits("/s/durov"));
    }
}
