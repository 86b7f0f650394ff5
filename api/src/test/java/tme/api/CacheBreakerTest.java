package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.CacheHttp.level;
import static tme.api.CacheHttp.metric;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 3 "Kill Redis during a run", through real HTTP with two servers on one real {@code redis-server}:
 * requests keep succeeding from L1 and t.me with the right bytes, each server's breaker opens after 3 errors
 * and bypasses Redis, and once Redis is back and the 30s open period has passed on the clock, Redis is shared
 * again.
 */
class CacheBreakerTest extends CacheFleetTestBase {

    private static final String LATEST = "/v1/body/durov";
    private static final String PAGE = "/v1/body/durov?position=490";

    TestServer a;
    TestServer b;

    @Override
    CacheFleet newFleet() {
        return CacheFleet.withRedis();
    }

    /** The fleet's first server is a; b shares its Redis and its fake t.me. */
    @BeforeEach
    void startSecondServer() {
        a = server;
        b = fleet.server();
    }

    @Test
    void redisKilled_requestsKeepSucceeding_breakerOpensAfterThreeErrors_andClosesWhenRedisIsBack() {
        HttpResponse<byte[]> latest = CacheHttp.get(a, LATEST);
        assertEquals("L2", level(CacheHttp.get(b, LATEST)));

        fleet.redis.kill();

        // Every server also talks to Redis in the background (the hub's and the generation's rounds): counts of
        // failed commands are bounds here, not exact; what each request did shows in where it was answered from.
        long beforeHit = redisFailures(a);
        assertServed(CacheHttp.get(a, LATEST), "L1", latest.body());

        // A new key: L2 read, lease claim and L2 write each fail once; the third error opens the breaker.
        HttpResponse<byte[]> loadedByA = CacheHttp.get(a, PAGE);
        assertServed(loadedByA, "upstream", null);
        long failed = redisFailures(a);
        assertTrue(failed >= 3 && failed >= beforeHit, "failed " + failed);
        assertEquals(1, metric(a, "tme_redis_breaker_transitions_total{to=\"open\"}"));
        assertEquals(1, metric(a, "tme_coalescing_local_fallbacks_total"));
        assertEquals(2, metric(a, "tme_redis_breaker_state"), "open");
        assertReadiness(a, "degraded", "down", "open");

        // Open: Redis is bypassed, not asked; A serves from memory, B loads by itself and opens its own breaker.
        assertServed(CacheHttp.get(a, PAGE), "L1", loadedByA.body());
        HttpResponse<byte[]> post = CacheHttp.get(a, "/v1/post/durov/495");
        assertEquals(200, post.statusCode());
        assertEquals(495, new JsonObject(CacheHttp.text(post)).getInteger("id"));
        assertEquals(failed, redisFailures(a), "open: nothing more is sent, so nothing more fails");
        assertTrue(metric(a, "tme_redis_bypassed_total") >= 3, "bypassed " + metric(a, "tme_redis_bypassed_total"));
        assertServed(CacheHttp.get(b, PAGE), "upstream", loadedByA.body());
        assertEquals(1, metric(b, "tme_redis_breaker_transitions_total{to=\"open\"}"));
        assertEquals(2, fleet.tme.hits("/s/durov/490"));

        fleet.redis.restart();
        fleet.clock.advance(Duration.ofSeconds(29));
        HttpResponse<byte[]> stillOpen = CacheHttp.get(a, "/v1/body/durov?position=500");
        assertServed(stillOpen, "upstream", null);
        assertEquals("", fleet.redis.command("KEYS", "tme:v1:*"), "the breaker stays open for 30s");

        fleet.clock.advance(Duration.ofSeconds(2)); // 31s after both breakers opened
        // The first command past the open period is the probe, whichever sends it: the hub's and the generation's
        // rounds send some every few hundred milliseconds, and a request meanwhile would be bypassed, not shared.
        FleetAwait.until("both breakers closed by a probe", () -> metric(a, "tme_redis_breaker_state") == 0
                && metric(b, "tme_redis_breaker_state") == 0, () -> "a " + metric(a, "tme_redis_breaker_state")
                + ", b " + metric(b, "tme_redis_breaker_state"));
        HttpResponse<byte[]> written = CacheHttp.get(a, "/v1/body/durov?position=510");
        assertServed(written, "upstream", null);
        // The page and its channel's tag (a post edited or deleted drops the channel's pages: ChangedAnswers).
        assertEquals("tme:v1:full:body:durov:510\ntme:v1:full:pagesof:durov",
                String.join("\n", new java.util.TreeSet<>(List.of(fleet.redis.command("KEYS", "tme:v1:*").split("\n")))));
        HttpResponse<byte[]> sharedAgain = CacheHttp.get(b, "/v1/body/durov?position=510");
        assertServed(sharedAgain, "L2", written.body());
        assertEquals(1, fleet.tme.hits("/s/durov/510"));
        assertEquals(1, metric(a, "tme_redis_breaker_transitions_total{to=\"open\"}"));
        assertEquals(1, metric(b, "tme_redis_breaker_transitions_total{to=\"open\"}"));
        assertEquals(1, metric(a, "tme_redis_breaker_transitions_total{to=\"half_open\"}"), "one probe");
        assertEquals(1, metric(a, "tme_redis_breaker_transitions_total{to=\"closed\"}"));
        assertEquals(0, metric(a, "tme_redis_breaker_state"), "closed");
        assertReadiness(a, "ready", "up", "closed");
    }

    @Test
    void redisDownAtStart_serverStartsAndServesFromMemoryAndUpstream_theBreakerOpensOnceTheStartGraceIsOver() {
        fleet.redis.kill();
        TestServer late = fleet.server();

        HttpResponse<byte[]> loaded = CacheHttp.get(late, PAGE);
        assertServed(loaded, "upstream", null);
        assertServed(CacheHttp.get(late, PAGE), "L1", loaded.body());
        assertTrue(redisFailures(late) >= 3, "the L2 read, the lease claim, the L2 write: " + redisFailures(late));
        assertEquals(0, metric(late, "tme_redis_breaker_transitions_total{to=\"open\"}"),
                "refused before Redis ever answered, within REDIS_START_GRACE: not counted");

        fleet.clock.advance(Duration.ofSeconds(30)); // the grace is over: failures count
        assertServed(CacheHttp.get(late, "/v1/body/durov?position=500"), "upstream", null);
        assertEquals(1, metric(late, "tme_redis_breaker_transitions_total{to=\"open\"}"));

        fleet.clock.advance(Duration.ofSeconds(70)); // L1 kept the entry its full TTL: Redis was unavailable
        assertServed(CacheHttp.get(late, PAGE), "L1", loaded.body());
        assertEquals(1, fleet.tme.hits("/s/durov/490"));
    }

    private static long redisFailures(TestServer server) {
        return Math.round(PrometheusText.of(server).sum("tme_redis_command_failures_total"));
    }

    /** {@code /readyz} answers 200 whatever Redis does: the server serves from memory and t.me. */
    private static void assertReadiness(TestServer server, String status, String redis, String breaker) {
        HttpResponse<String> ready = server.get("/readyz");
        assertEquals(200, ready.statusCode());
        assertEquals(new JsonObject().put("status", status).put("redis", redis).put("breaker", breaker)
                .put("upstream", "ok"), new JsonObject(ready.body()));
    }

    /** A 200 answered by {@code level} with a page of the durov channel, and exactly {@code bytes} when given. */
    private static void assertServed(HttpResponse<byte[]> response, String level, byte[] bytes) {
        assertEquals(200, response.statusCode(), CacheHttp.text(response));
        assertEquals(level, level(response));
        JsonObject json = new JsonObject(CacheHttp.text(response));
        assertEquals("durov", json.getJsonObject("channel").getString("username"));
        assertEquals(20, json.getJsonObject("content").getJsonArray("posts").size());
        if (bytes != null) {
            assertArrayEquals(bytes, response.body());
        }
    }
}
