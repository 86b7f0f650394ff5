package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ROLE=refresher} in this JVM ({@link Main#start}, as {@link TestServer} builds it) beside an API server, on
 * one Redis and the fake t.me, on real time: it serves {@code /healthz} and {@code /metrics} only, and when t.me
 * answers its refresh with a 429 the channel is due again exactly when t.me said, not at the next interval.
 */
class RefresherRoleTest {

    static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "1s", "REFRESH_TICK", "20ms",
            "MEMORY_CACHE_MAX_TTL", "500ms");
    static final Duration RETRY_AFTER = Duration.ofSeconds(30);

    final Fleet fleet = new Fleet(1, ENV, InstantSource.system());
    final TestServer api = fleet.server(0);
    final TestServer refresher = refresher();

    TestServer refresher() {
        Map<String, String> env = new HashMap<>(ENV);
        env.put("ROLE", "refresher");
        env.put("REDIS_URL", fleet.redis.url());
        return new TestServer(env, InstantSource.system(), fleet.tme);
    }

    @AfterEach
    void stop() {
        refresher.close();
        fleet.close();
    }

    @Test
    void refresher_answersHealthAndMetrics_andNoReadersRoute() {
        assertEquals(200, refresher.get("/healthz").statusCode());
        PrometheusText metrics = Fleet.metrics(refresher);
        for (String series : List.of("tme_refresh_due", "tme_refresh_lag_p99_seconds",
                "tme_refresh_outcomes_total{outcome=\"refreshed\"}", "tme_refresh_outcomes_total{outcome=\"throttled\"}",
                "tme_refresh_outcomes_total{outcome=\"failed\"}", "tme_refresh_outcomes_total{outcome=\"gone\"}",
                "tme_refresh_scheduled")) {
            assertEquals(0.0, metrics.value(series), series + ": nothing registered, nothing refreshed");
        }
        HttpResponse<String> body = refresher.get("/v1/body/durov");
        assertEquals(404, body.statusCode());
        assertEquals("route_not_found", new JsonObject(body.body()).getString("code"));
        assertEquals(404, refresher.get("/v1/feed?channels=durov").statusCode());
        assertEquals(0, fleet.tme.totalHits());
    }

    @Test
    void aThrottledRefresh_isDueAgainAtTmesTime() {
        assertEquals(200, api.get("/v1/feed?channels=durov").statusCode());
        // Its outcome, not its request's arrival: a request the fake has counted may still be answered after the
        // throttle below, and meet the 429 itself.
        FleetAwait.until("the refresher's first refresh", () -> Fleet.metric(refresher,
                "tme_refresh_outcomes_total{outcome=\"refreshed\"}") >= 1, () -> Fleet.metrics(refresher).toString());
        Instant before = Instant.now();
        fleet.tme.throttle("/s/durov", RETRY_AFTER);
        long hits = fleet.tme.hits("/s/durov");

        // The outcome is counted before its new due time is written: wait for the refresh to be done with.
        FleetAwait.until("a refresh met the 429 and was rescheduled", () -> {
            PrometheusText now = Fleet.metrics(refresher);
            return now.count("tme_refresh_outcomes_total{outcome=\"throttled\"}") == 1
                    && now.count("tme_refresh_in_flight") == 0;
        }, () -> Fleet.metrics(refresher).toString());
        Instant throttledAt = Instant.now();

        // Due when the 429 was read plus its Retry-After: read between the throttle and now, stored in milliseconds.
        Instant due = Instant.ofEpochMilli(Long.parseLong(fleet.redis.command("ZSCORE", "tme:v1:{refresh}:due", "durov")));
        assertTrue(!due.isBefore(before.truncatedTo(ChronoUnit.MILLIS).plus(RETRY_AFTER))
                        && !due.isAfter(throttledAt.plus(RETRY_AFTER)),
                "due at " + due + ", t.me said " + RETRY_AFTER + " from a 429 read between " + before + " and "
                        + throttledAt);
        assertEquals(hits + 1, fleet.tme.hits("/s/durov"), "one request met the 429; none since");
        assertEquals(0L, Fleet.metric(refresher, "tme_refresh_outcomes_total{outcome=\"failed\"}"), "throttled is no failure: no backoff");
    }

    @Test
    void aChannelTmeSaysDoesNotExist_isDroppedFromTheSchedule() {
        assertEquals(200, api.get("/v1/feed?channels=zzqxnonexistent,durov").statusCode());

        FleetAwait.until("the refresher found it gone", () -> Fleet.metric(refresher, "tme_refresh_outcomes_total{outcome=\"gone\"}") == 1,
                () -> Fleet.metrics(refresher).toString());
        FleetAwait.until("and dropped it", () -> fleet.redis.command("ZSCORE", "tme:v1:{refresh}:due",
                "zzqxnonexistent") == null, () -> "due: " + fleet.redis.command("ZRANGE", "tme:v1:{refresh}:due", "0", "-1"));
        assertTrue(fleet.redis.command("ZSCORE", "tme:v1:{refresh}:due", "durov") != null, "durov stays");
    }
}
