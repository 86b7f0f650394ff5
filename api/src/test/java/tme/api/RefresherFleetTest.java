package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two refresher processes ({@code ROLE=refresher}, the production jar's {@code Main} in processes of their own) and
 * two API servers on one Redis and one fake t.me, on real time with a one-second {@code REFRESH_INTERVAL}: a feed
 * loads six cold channels (one t.me request each) and registers them, and from then on the refreshers load each one
 * once per interval between them, never twice in one; feeds read what they loaded, without t.me; a refresher killed with SIGKILL leaves the other doing
 * all the work once its claims lapse; SIGTERM stops the last one with every name back on the schedule.
 */
class RefresherFleetTest extends FleetTestBase {

    private static final String REFRESHED = "tme_refresh_outcomes_total{outcome=\"refreshed\"}";

    static final List<String> CHANNELS = List.of("durov", "meduzalive", "topwar_official", "chan_four", "chan_five",
            "chan_six");
    static final Duration INTERVAL = Duration.ofSeconds(1);
    static final Duration CLAIM_FOR = Duration.ofSeconds(2);
    static final int INTERVALS = 10;
    // The fleet's budget well above six channels a second, so only the schedule paces the loads; in-memory copies
    // shorter than the interval, as in production (10 s against 60 s).
    // A cold JVM's first Redis commands can take longer than the default 500 ms.
    static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "1s", "REFRESH_TICK", "20ms",
            "REFRESH_CLAIM_FOR", "2s", "REFRESH_STOP_GRACE", "1s", "TELEGRAM_RATE", "200", "TELEGRAM_BURST", "200",
            "MEMORY_CACHE_MAX_TTL", "500ms", "REDIS_TIMEOUT", "2s");

    RefresherFleetTest() {
        super(2, ENV);
    }

    @Test
    void twoRefreshers_loadEachChannelOncePerInterval_feedsNeverReachTme_andOneSurvivesTheOthersDeath() {
        fleet.tme.anyChannelAs("durov");
        HttpResponse<String> warm = a.post("/v1/feed", new JsonObject().put("channels", new JsonArray(CHANNELS)).encode());
        assertEquals(200, warm.statusCode());
        CHANNELS.forEach(channel -> assertEquals(1, arrivals(channel).size(), channel + ": one t.me request when cold"));
        long apiLoads = apiLoads();
        assertEquals(6L, apiLoads);

        Map<String, String> refresher = new HashMap<>(ENV);
        refresher.put("ROLE", "refresher");
        FleetProcess one = fleet.process(refresher);
        FleetProcess two = fleet.process(refresher);
        long started = System.nanoTime();

        // Ten intervals counted once each refresher JVM has refreshed every channel twice: its first loads run on
        // a cold JIT, slower than an interval's half on two busy cores, which no production interval comes near.
        awaitEveryChannelLoadedAfter(started + INTERVAL.multipliedBy(2).toNanos(), "two refreshes each");
        long from = System.nanoTime();
        long until = from + INTERVAL.multipliedBy(INTERVALS).toNanos();
        awaitEveryChannelLoadedAfter(until, "a load after the ten intervals");
        for (String channel : CHANNELS) {
            List<Long> loads = arrivals(channel);
            long inWindow = loads.stream().filter(at -> at > from && at <= until).count();
            assertTrue(Math.abs(inWindow - INTERVALS) <= 1, channel + " loaded " + inWindow + " times in 10 intervals");
            System.out.printf("refresher fleet: %s loaded %d times in %d intervals%n", channel, inWindow, INTERVALS);
            assertOncePerInterval(channel, loadsAfter(channel, from));
        }
        PrometheusText oneMetrics = one.metrics();
        PrometheusText twoMetrics = two.metrics();
        assertTrue(oneMetrics.count(REFRESHED) > 0 && twoMetrics.count(REFRESHED) > 0,
                "both refreshers worked: " + oneMetrics.count(REFRESHED) + " and "
                        + twoMetrics.count(REFRESHED));
        System.out.printf("refresher fleet: refreshes split %d / %d%n", oneMetrics.count(REFRESHED),
                twoMetrics.count(REFRESHED));

        HttpResponse<String> feed = b.get("/v1/feed?channels=" + String.join(",", CHANNELS) + "&limit=7");
        assertEquals(200, feed.statusCode());
        assertEquals(7, TestServer.json(feed).getJsonArray("result").size());
        assertEquals(0L, Fleet.metric(b, "tme_upstream_sent_total"), "a feed after warm-up: pages from Redis, no t.me");
        assertEquals(apiLoads, apiLoads(), "nor on the server that warmed up");

        long refreshedBefore = two.metrics().count(REFRESHED);
        one.kill();
        long killedAt = System.nanoTime();
        awaitEveryChannelLoadedAfter(killedAt + CLAIM_FOR.plus(INTERVAL.multipliedBy(3)).toNanos(),
                "loads after the dead refresher's claims lapsed");
        long loadsSinceKill = CHANNELS.stream().mapToLong(channel ->
                arrivals(channel).stream().filter(at -> at > killedAt).count()).sum();
        long refreshedSince = two.metrics().count(REFRESHED) - refreshedBefore;
        assertTrue(refreshedSince >= loadsSinceKill - CHANNELS.size(), "the survivor made every load since: "
                + refreshedSince + " refreshes for " + loadsSinceKill + " t.me requests");
        assertEquals(apiLoads, apiLoads(), "no API server loaded meanwhile");
        // From the survivor's first round with the dead one's channels on: their schedules moved by the lapse.
        long settled = killedAt + CLAIM_FOR.plus(INTERVAL).toNanos();
        CHANNELS.forEach(channel -> assertOncePerInterval(channel, loadsAfter(channel, settled)));

        two.terminate();
        assertEquals("0", fleet.redis.command("HLEN", "tme:v1:{refresh}:claims"), "SIGTERM handed every name back");
        assertEquals("6", fleet.redis.command("ZCARD", "tme:v1:{refresh}:due"));
    }

    private long apiLoads() {
        return Fleet.metric(a, "tme_upstream_sent_total") + Fleet.metric(b, "tme_upstream_sent_total");
    }

    private List<Long> loadsAfter(String channel, long nanoTime) {
        return arrivals(channel).stream().filter(at -> at > nanoTime).toList();
    }

    private List<Long> arrivals(String channel) {
        return fleet.tme.arrivals("/s/" + channel);
    }

    private void awaitEveryChannelLoadedAfter(long nanoTime, String what) {
        FleetAwait.until(what, () -> CHANNELS.stream().allMatch(channel ->
                        arrivals(channel).stream().anyMatch(at -> at > nanoTime)),
                () -> CHANNELS.stream().map(channel -> channel + "=" + arrivals(channel).size()).toList().toString());
    }

    /**
     * Once per interval of the channel's own schedule: a channel is due an interval after it was last due (a fixed
     * rate), so its k-th load after the first lands near {@code first + k x interval}, late by however long that
     * claim and load took. Each load is given the nearest such round; no round gets two.
     */
    private static void assertOncePerInterval(String channel, List<Long> loads) {
        java.util.Set<Long> rounds = new java.util.HashSet<>();
        for (long at : loads) {
            long round = Math.round((double) (at - loads.getFirst()) / INTERVAL.toNanos());
            assertTrue(rounds.add(round), channel + ": two loads in round " + round + ", at "
                    + loads.stream().map(t -> Duration.ofNanos(t - loads.getFirst()).toMillis() + " ms").toList());
        }
    }
}
