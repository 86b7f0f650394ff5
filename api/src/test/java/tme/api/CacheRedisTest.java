package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static tme.api.CacheHttp.age;
import static tme.api.CacheHttp.header;
import static tme.api.CacheHttp.level;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 3 with Redis as L2, through real HTTP: servers sharing one real {@code redis-server} and one fake t.me
 * answer each other's entries from L2, keys name the parser mode, and an L1 copy of an L2 entry lives at most
 * MEMORY_CACHE_MAX_TTL (10s) so a newer entry in Redis is seen; without Redis L1 keeps entries their full TTL.
 */
class CacheRedisTest {

    private static final String PAGE = "/v1/body/durov?position=490";

    CacheFleet fleet;

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void secondServer_answersAKeyTheFirstLoaded_fromL2WithoutUpstream() {
        fleet = CacheFleet.withRedis();
        TestServer a = fleet.server();
        TestServer b = fleet.server();

        HttpResponse<byte[]> loaded = CacheHttp.get(a, PAGE);
        fleet.clock.advance(Duration.ofSeconds(3));
        HttpResponse<byte[]> shared = CacheHttp.get(b, PAGE);
        HttpResponse<byte[]> again = CacheHttp.get(a, PAGE);

        assertEquals("upstream", level(loaded));
        assertEquals("L2", level(shared));
        assertEquals("L1", level(again));
        assertEquals(1, fleet.tme.hits("/s/durov/490"));
        assertArrayEquals(loaded.body(), shared.body());
        assertEquals(3, age(shared), "the stored time travels with the value");
        assertEquals(3, age(again));
        assertEquals(header(loaded, "ETag"), header(shared, "ETag"));
        assertEquals(header(again, "Cache-Control"), header(shared, "Cache-Control"));
        assertEquals(1, CacheHttp.metric(b, "tme_cache_lookups_total{level=\"l2\",result=\"hit\"}"));
        assertEquals(0, CacheHttp.metric(b, "tme_upstream_sent_total"));
        assertEquals("L1", level(CacheHttp.get(b, PAGE)), "B keeps an L1 copy");
    }

    @Test
    void keys_nameTheParserMode_soFullAndSimplifiedServersDoNotShareEntries() {
        fleet = CacheFleet.withRedis();
        TestServer full = fleet.server(Map.of("PARSER_MODE", "full"));
        TestServer simplified = fleet.server(Map.of("PARSER_MODE", "simplified"));

        HttpResponse<byte[]> fromFull = CacheHttp.get(full, "/v1/body/DUROV");
        HttpResponse<byte[]> fromSimplified = CacheHttp.get(simplified, "/v1/body/durov");

        assertEquals("upstream", level(fromFull));
        assertEquals("upstream", level(fromSimplified));
        assertEquals(2, fleet.tme.hits("/s/durov"));
        assertFalse(Arrays.equals(fromFull.body(), fromSimplified.body()));
        List<String> keys = fleet.redis.command("KEYS", "tme:v1:*").lines().sorted().toList();
        assertEquals(List.of("tme:v1:full:body:durov:0", "tme:v1:simplified:body:durov:0"), keys);

        TestServer secondFull = fleet.server(Map.of("PARSER_MODE", "full"));
        HttpResponse<byte[]> fromSecondFull = CacheHttp.get(secondFull, "/v1/body/Durov");
        assertEquals("L2", level(fromSecondFull));
        assertArrayEquals(fromFull.body(), fromSecondFull.body());
        assertEquals(2, fleet.tme.hits("/s/durov"));
    }

    @Test
    void notFound_isSharedThroughRedisForItsTtl() {
        fleet = CacheFleet.withRedis();
        TestServer a = fleet.server();
        TestServer b = fleet.server();

        HttpResponse<byte[]> loaded = CacheHttp.get(a, "/v1/body/zzqxnonexistent");
        HttpResponse<byte[]> shared = CacheHttp.get(b, "/v1/body/ZZQXNONEXISTENT");

        assertEquals(404, loaded.statusCode());
        assertEquals(404, shared.statusCode());
        assertEquals("L2", level(shared));
        assertArrayEquals(loaded.body(), shared.body());
        assertEquals(header(loaded, "Cache-Control"), header(shared, "Cache-Control"));
        assertEquals(1, fleet.tme.hits("/s/zzqxnonexistent"));
        assertEquals("tme:v1:full:body:zzqxnonexistent:0", fleet.redis.command("KEYS", "tme:v1:full:*"));
        assertEquals("tme:v1:missing:zzqxnonexistent", fleet.redis.command("KEYS", "tme:v1:missing:*"),
                "the channel itself is known missing, for every route");
    }

    @Test
    void upstreamFailures_leaveNoValueInRedis() {
        fleet = CacheFleet.withRedis();
        TestServer a = fleet.server();
        TestServer b = fleet.server();
        fleet.tme.status("/s/durov", 500); // t.me's own error: the lease shares it with b for a moment

        assertEquals(503, CacheHttp.get(a, "/v1/body/durov").statusCode());
        assertEquals(503, CacheHttp.get(b, "/v1/body/durov").statusCode());
        fleet.tme.respond("/s/durov/490", 200, "<html><body>Are you human?</body></html>", Map.of());
        assertEquals(502, CacheHttp.get(a, PAGE).statusCode());

        assertEquals(1, fleet.tme.hits("/s/durov"));
        assertEquals("", fleet.redis.command("KEYS", "tme:v1:*"));
        fleet.tme.reset();
        // a's failure stays in the lease for 2s of Redis's time (UPSTREAM_ERROR_TTL), then b loads anew.
        CacheHttp.awaitUntil("b loads again once the shared failure is gone",
                () -> CacheHttp.get(b, "/v1/body/durov").statusCode() == 200);
        assertEquals(1, fleet.tme.hits("/s/durov"), "one load since the fake recovered");
        assertEquals("L2", level(CacheHttp.get(a, "/v1/body/durov")));
    }

    /**
     * Servers that do not follow each other's changes ({@code MEMORY_CACHE_PUSH=false}) hold a copy of a Redis entry
     * at most {@code MEMORY_CACHE_MAX_TTL}. (Servers that follow them hold it its whole life while their subscription
     * stays unbroken: {@code PushedChangesTest} in module cache.)
     */
    @Test
    void l1CopyOfAnL2Entry_livesAtMostTenSeconds_thenANewerEntryInRedisIsSeen() {
        fleet = CacheFleet.withRedis();
        TestServer a = fleet.server(Map.of("MEMORY_CACHE_PUSH", "false"));
        TestServer b = fleet.server(Map.of("MEMORY_CACHE_PUSH", "false"));
        assertEquals("upstream", level(CacheHttp.get(a, PAGE)));
        assertEquals("L2", level(CacheHttp.get(b, PAGE)));

        // The entry leaves Redis (as if replaced); B's L1 copy still answers within MEMORY_CACHE_MAX_TTL.
        assertEquals("1", fleet.redis.command("DEL", "tme:v1:full:body:durov:490"));
        fleet.clock.advance(Duration.ofSeconds(5));
        HttpResponse<byte[]> copy = CacheHttp.get(b, PAGE);
        assertEquals("L1", level(copy));
        assertEquals(5, age(copy));

        // Past 10s both L1 copies are gone although the entry is fresh for 2m: A reloads, B reads A's new entry.
        fleet.clock.advance(Duration.ofSeconds(6));
        HttpResponse<byte[]> reloaded = CacheHttp.get(a, PAGE);
        HttpResponse<byte[]> newer = CacheHttp.get(b, PAGE);
        assertEquals("upstream", level(reloaded));
        assertEquals("L2", level(newer));
        assertEquals(0, age(newer));
        assertArrayEquals(reloaded.body(), newer.body());
        assertEquals(2, fleet.tme.hits("/s/durov/490"));
        assertEquals(0, CacheHttp.metric(b, "tme_upstream_sent_total"));
    }

    @Test
    void withoutRedis_l1KeepsAnEntryForItsFullTtl() {
        fleet = CacheFleet.withoutRedis();
        TestServer server = fleet.server();
        assertEquals("upstream", level(CacheHttp.get(server, PAGE)));

        fleet.clock.advance(Duration.ofSeconds(100));
        HttpResponse<byte[]> later = CacheHttp.get(server, PAGE);

        assertEquals("L1", level(later));
        assertEquals(100, age(later));
        assertEquals(1, fleet.tme.hits("/s/durov/490"));
    }
}
