package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tme.scraper.testing.FakeTme;
import tme.scraper.testing.Surprises;

/**
 * Readers keep the last good answer while t.me says no: fresh for 2 s, then t.me fails in one of four ways. Every
 * read (one each 10 ms of the test clock) gets the last good bytes, stale, and t.me sees at most one request per
 * {@code UPSTREAM_ERROR_TTL} (2 s) for that key per process; only past {@code MAX_STALE} does a reader see the
 * failure. Once on one server without Redis, once on two servers sharing Redis.
 */
class StaleAnswersTest {

    static final String BODY = "/v1/body/durov";
    static final Map<String, String> ENV = Map.of("CACHE_TTL_LATEST", "2s", "UPSTREAM_ERROR_TTL", "2s",
            "MAX_STALE", "1h");
    static final Duration STEP = Duration.ofMillis(10);
    static final Duration READING = Duration.ofSeconds(4);
    static final Set<String> LAST_GOOD = Set.of("L1", "L2", "STALE");

    /**
     * How t.me fails once the entry is stored; how often one server alone asks t.me in the 4 s (on the test clock
     * only: one refresh per {@code UPSTREAM_ERROR_TTL}, fewer while a 429's or a captcha's pause runs); and what
     * a reader sees once nothing usable is left, alone and (as the first, or another) on Redis.
     */
    enum Failure {
        SERVER_ERROR(tme -> tme.status("/s/durov", 500), 2, 503, "upstream_unavailable"),
        // The fleet's cooldown lives in Redis on real time: an hour of test clock later it may still run there.
        THROTTLED(tme -> tme.throttle("/s/durov", Duration.ofSeconds(30)), 1, 503, "upstream_throttled",
                "upstream_cooldown"),
        // A captcha is t.me throttling in disguise: the fleet pauses (2 s of the test clock), so no second refresh.
        CAPTCHA(tme -> tme.respond("/s/durov", 200, Surprises.captchaPage(), Map.of()), 1, 502, "upstream_anomaly",
                "upstream_cooldown"),
        HEADER_WITHOUT_POSTS(tme -> tme.respond("/s/durov", 200, Surprises.headerWithoutPosts("durov"), Map.of()), 2,
                502, "upstream_anomaly");

        final Consumer<FakeTme> apply;
        final long askedAlone;
        final int statusWhenNothingIsLeft;
        final String codeAlone;
        final Set<String> codesOnRedis;

        Failure(Consumer<FakeTme> apply, long askedAlone, int statusWhenNothingIsLeft, String codeAlone,
                String... otherCodesOnRedis) {
            this.apply = apply;
            this.askedAlone = askedAlone;
            this.statusWhenNothingIsLeft = statusWhenNothingIsLeft;
            this.codeAlone = codeAlone;
            this.codesOnRedis = Stream.concat(Stream.of(codeAlone), Stream.of(otherCodesOnRedis))
                    .collect(Collectors.toUnmodifiableSet());
        }
    }

    @ParameterizedTest
    @EnumSource(Failure.class)
    void oneServer_failingKeyReadEvery10msFor4s_servesTheLastGoodBytes_atMostThreeTmeRequests(Failure failure) {
        try (CacheFleet fleet = CacheFleet.withoutRedis()) {
            servesLastGood(fleet, List.of(fleet.server(ENV)), failure);
        }
    }

    @ParameterizedTest
    @EnumSource(Failure.class)
    void twoServersOnRedis_failingKey_servesTheLastGoodBytes_atMostThreeTmeRequestsPerServer(Failure failure) {
        try (CacheFleet fleet = CacheFleet.withRedis()) {
            servesLastGood(fleet, List.of(fleet.server(ENV), fleet.server(ENV)), failure);
        }
    }

    private static void servesLastGood(CacheFleet fleet, List<TestServer> servers, Failure failure) {
        HttpResponse<byte[]> good = CacheHttp.get(servers.getFirst(), BODY);
        assertEquals(200, good.statusCode());
        failure.apply.accept(fleet.tme);

        int reads = 0;
        for (Duration read = Duration.ZERO; read.compareTo(READING) < 0; read = read.plus(STEP), reads++) {
            fleet.clock.advance(STEP);
            HttpResponse<byte[]> answer = CacheHttp.get(servers.get(reads % servers.size()), BODY);
            assertEquals(200, answer.statusCode(), "read at +" + read.toMillis() + " ms");
            assertTrue(LAST_GOOD.contains(CacheHttp.level(answer)), "X-Cache " + CacheHttp.level(answer));
            assertArrayEquals(good.body(), answer.body(), "the last good bytes at +" + read.toMillis() + " ms");
            awaitNoLoadInFlight(servers);
        }

        boolean alone = servers.size() == 1; // and without Redis: nothing but the test clock decides
        long asked = fleet.tme.hits("/s/durov") - 1;
        if (alone) {
            assertEquals(failure.askedAlone, asked, failure + ": t.me asked in " + reads + " reads");
        } else {
            // A lease keeps a shared failure in Redis for UPSTREAM_ERROR_TTL of real time, so how many refreshes
            // it spares the servers depends on how fast the reads run.
            assertTrue(asked >= 1 && asked <= 3L * servers.size(), failure + ": t.me asked " + asked + " times in "
                    + reads + " reads");
        }
        assertEquals(200L, Fleet.sum("tme_coalescing_stale_answers_total{reason=\"revalidating\"}", servers),
                "the reads from 2 s (CACHE_TTL_LATEST) to 4 s: stale while revalidating");
        if (alone) {
            assertEquals(0L, Fleet.sum("tme_coalescing_stale_answers_total{reason=\"error\"}", servers),
                    "failures are remembered (UPSTREAM_ERROR_TTL): no read waited for a failing load");
        }
        System.out.printf("stale, %s, %d server(s): %d reads over 4 s, %d t.me requests%n", failure, servers.size(),
                reads, asked);

        fleet.clock.advance(Duration.ofHours(1)); // past MAX_STALE: nothing usable is left
        HttpResponse<byte[]> gone = CacheHttp.get(servers.getFirst(), BODY);
        assertEquals(failure.statusWhenNothingIsLeft, gone.statusCode());
        String code = new JsonObject(CacheHttp.text(gone)).getString("code");
        if (alone) {
            assertEquals(failure.codeAlone, code, failure.toString());
        } else {
            assertTrue(failure.codesOnRedis.contains(code), failure + ": " + code);
        }
    }

    private static void awaitNoLoadInFlight(List<TestServer> servers) {
        FleetAwait.until("no load or refresh in flight",
                () -> Fleet.sum("tme_coalescing_loads_in_flight", servers) == 0,
                () -> servers.stream().map(Fleet::metrics).toList().toString());
    }
}
