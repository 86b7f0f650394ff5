package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two refresher processes ({@code ROLE=refresher}, the production jar's {@code Main} in processes of their own) and
 * two API servers on one Redis and one fake t.me, on real time with a one-second {@code REFRESH_INTERVAL}: a feed
 * registers six channels, and from then on the refreshers load each one once per interval between them, never
 * twice in one; feeds read what they loaded, without t.me; a refresher killed with SIGKILL leaves the other doing
 * all the work once its claims lapse; SIGTERM stops the last one with every name back on the schedule.
 */
class RefresherFleetTest {

    static final List<String> CHANNELS = List.of("durov", "meduzalive", "topwar_official", "chan_four", "chan_five",
            "chan_six");
    static final Duration INTERVAL = Duration.ofSeconds(1);
    static final Duration CLAIM_FOR = Duration.ofSeconds(2);
    static final int INTERVALS = 10;
    // The fleet's budget well above six channels a second, so only the schedule paces the loads; in-memory copies
    // shorter than the interval, as in production (10 s against 60 s).
    static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "1s", "REFRESH_TICK", "20ms",
            "REFRESH_CLAIM_FOR", "2s", "REFRESH_STOP_GRACE", "1s", "TELEGRAM_RATE", "200", "TELEGRAM_BURST", "200",
            "MEMORY_CACHE_MAX_TTL", "500ms");

    final Fleet fleet = new Fleet(2, ENV, InstantSource.system());
    final TestServer a = fleet.server(0);
    final TestServer b = fleet.server(1);

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void twoRefreshers_loadEachChannelOncePerInterval_feedsNeverReachTme_andOneSurvivesTheOthersDeath() {
        fleet.tme.anyChannelAs("durov");
        Map<String, String> refresher = new HashMap<>(ENV);
        refresher.put("ROLE", "refresher");
        FleetProcess one = fleet.process(refresher);
        FleetProcess two = fleet.process(refresher);

        HttpResponse<String> warm = a.post("/v1/feed", new JsonObject().put("channels", new JsonArray(CHANNELS)).encode());
        long warmedAt = System.nanoTime();
        assertEquals(200, warm.statusCode());
        CHANNELS.forEach(channel -> assertEquals(1, arrivals(channel).size(), channel + ": one t.me request when cold "
                + "(the feed's load or a refresher's, whichever took the lease: the other waited for it)"));
        long apiLoads = apiLoads();

        awaitEveryChannelLoadedAfter(warmedAt + INTERVAL.multipliedBy(INTERVALS).toNanos(), "the 11th load");
        for (String channel : CHANNELS) {
            List<Long> loads = arrivals(channel);
            long inWindow = loads.stream().filter(at -> at > warmedAt
                    && at <= warmedAt + INTERVAL.multipliedBy(INTERVALS).toNanos()).count();
            assertTrue(Math.abs(inWindow - INTERVALS) <= 1, channel + " loaded " + inWindow + " times in 10 intervals");
            System.out.printf("refresher fleet: %s loaded %d times in %d intervals%n", channel, inWindow, INTERVALS);
            assertNeverTwiceInOneInterval(channel, loads);
        }
        Map<String, Long> oneMetrics = one.metrics();
        Map<String, Long> twoMetrics = two.metrics();
        assertTrue(oneMetrics.get("refresh.outcome.refreshed") > 0 && twoMetrics.get("refresh.outcome.refreshed") > 0,
                "both refreshers worked: " + oneMetrics.get("refresh.outcome.refreshed") + " and "
                        + twoMetrics.get("refresh.outcome.refreshed"));

        HttpResponse<String> feed = b.get("/v1/feed?channels=" + String.join(",", CHANNELS) + "&limit=7");
        assertEquals(200, feed.statusCode());
        assertEquals(7, TestServer.json(feed).getJsonArray("result").size());
        assertEquals(0L, Fleet.metric(b, "upstream.requests"), "a feed after warm-up: pages from Redis, no t.me");
        assertEquals(apiLoads, apiLoads(), "nor on the server that warmed up");

        long refreshedBefore = two.metrics().get("refresh.outcome.refreshed");
        one.kill();
        long killedAt = System.nanoTime();
        awaitEveryChannelLoadedAfter(killedAt + CLAIM_FOR.plus(INTERVAL.multipliedBy(3)).toNanos(),
                "loads after the dead refresher's claims lapsed");
        long loadsSinceKill = CHANNELS.stream().mapToLong(channel ->
                arrivals(channel).stream().filter(at -> at > killedAt).count()).sum();
        long refreshedSince = two.metrics().get("refresh.outcome.refreshed") - refreshedBefore;
        assertTrue(refreshedSince >= loadsSinceKill - CHANNELS.size(), "the survivor made every load since: "
                + refreshedSince + " refreshes for " + loadsSinceKill + " t.me requests");
        assertEquals(apiLoads, apiLoads(), "no API server loaded meanwhile");
        CHANNELS.forEach(channel -> assertNeverTwiceInOneInterval(channel, arrivals(channel)));

        two.terminate();
        assertEquals("0", fleet.redis.command("HLEN", "tme:v1:{refresh}:claims"), "SIGTERM handed every name back");
        assertEquals("6", fleet.redis.command("ZCARD", "tme:v1:{refresh}:due"));
    }

    private long apiLoads() {
        return Fleet.metric(a, "upstream.requests") + Fleet.metric(b, "upstream.requests");
    }

    private List<Long> arrivals(String channel) {
        return fleet.tme.arrivals("/s/" + channel);
    }

    private void awaitEveryChannelLoadedAfter(long nanoTime, String what) {
        FleetAwait.until(what, () -> CHANNELS.stream().allMatch(channel ->
                        arrivals(channel).stream().anyMatch(at -> at > nanoTime)),
                () -> CHANNELS.stream().map(channel -> channel + "=" + arrivals(channel).size()).toList().toString());
    }

    /** Consecutive loads of a channel are at least an interval apart (less 5% for the clocks' millisecond steps). */
    private static void assertNeverTwiceInOneInterval(String channel, List<Long> loads) {
        for (int i = 1; i < loads.size(); i++) {
            long gap = loads.get(i) - loads.get(i - 1);
            assertTrue(gap >= INTERVAL.toNanos() * 95 / 100,
                    channel + ": loads " + Duration.ofNanos(gap).toMillis() + " ms apart, load " + i + " of " + loads.size());
        }
    }
}
