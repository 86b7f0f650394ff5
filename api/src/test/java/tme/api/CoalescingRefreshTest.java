package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tme.api.service.Ttls;
import tme.redis.testing.TestClock;
import tme.scraper.testing.FakeTme;

/**
 * Early refresh end to end: a hot key read continuously for five TTLs on the test clock, through the production
 * server(s) and the fake t.me. Between two reads the clock moves half a second and the test waits until no load
 * or refresh runs any more (the servers' {@code coalescing.loads_in_flight}), so each refresh lands at the
 * instant it started.
 */
class CoalescingRefreshTest {

    /** {@code CACHE_TTL_LATEST}'s default: the latest page of a channel. */
    static final Duration TTL = Duration.ofSeconds(10);
    static final Duration STEP = Duration.ofMillis(500);
    static final Set<String> FROM_CACHE = Set.of("L1", "L2");

    final TestClock clock = new TestClock();

    @Test
    void hotKeyReadForFiveTtls_oneServer_reloadsAboutOncePerTtl_andNoReadWaitsAfterWarmUp() {
        try (TestServer server = new TestServer(Map.of(), clock, null)) {
            readForFiveTtls(List.of(server), server.tme);
        }
    }

    @Test
    void hotKeyReadForFiveTtls_twoServersOnRedis_reloadAboutOncePerTtlInAll_andNoReadWaitsAfterWarmUp() {
        try (Fleet fleet = new Fleet(2, Map.of(), clock)) {
            readForFiveTtls(fleet.servers(), fleet.tme); // the servers take turns
        }
    }

    private void readForFiveTtls(List<TestServer> servers, FakeTme tme) {
        Instant end = clock.instant().plus(TTL.multipliedBy(5));
        int reads = 0;
        for (; clock.instant().isBefore(end); clock.advance(STEP), reads++) {
            HttpResponse<String> response = servers.get(reads % servers.size()).get("/v1/body/durov");
            assertEquals(200, response.statusCode());
            String level = response.headers().firstValue("X-Cache").orElseThrow();
            if (reads == 0) {
                assertEquals("upstream", level, "the first read loads");
            } else {
                assertTrue(FROM_CACHE.contains(level), "read " + reads + " at +" + reads * STEP.toMillis()
                        + "ms waited for upstream: X-Cache " + level);
            }
            awaitNoLoadInFlight(servers);
        }

        assertEquals(100, reads);
        long upstream = tme.hits("/s/durov");
        // The first read loads; after that each entry is refreshed by the first read past its refresh point, which
        // for this key lies 9.0..9.5s after the entry was stored (the first half of the last 10% of its 10s), so
        // one load every 9.5s of reads: at 0, 9.5, 19, 28.5, 38 and 47.5s, 6 in all, the clock being the test's.
        assertEquals(6, upstream, "upstream requests in five TTLs");
        assertEquals(upstream, tme.totalHits());
        assertEquals(upstream, Fleet.sum("tme_coalescing_loads_total", servers));
        assertEquals(upstream - 1, Fleet.sum("tme_coalescing_refreshes_started_total", servers),
                "every load after the first was a background refresh behind a cached answer");
        assertEquals(0L, Fleet.sum("tme_coalescing_refreshes_failed_total", servers));
        FleetClient.coalescingRatio("hot key read every 0.5s for 5 TTLs, " + servers.size() + " server(s)",
                reads, upstream);
    }

    private static void awaitNoLoadInFlight(List<TestServer> servers) {
        FleetAwait.until("no load or refresh in flight",
                () -> Fleet.sum("tme_coalescing_loads_in_flight", servers) == 0,
                () -> servers.stream().map(Fleet::metrics).toList().toString());
    }
}
