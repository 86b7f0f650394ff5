package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
 * between them, never more often than once per interval; feeds read what they loaded, without t.me; a refresher
 * killed with SIGKILL leaves the other doing all the work once its claims lapse; SIGTERM stops the last one with
 * every name back on the schedule.
 *
 * <p>Safety is asserted strictly from the times the fake t.me saw the loads ({@link LoadSpacing}), liveness (every
 * channel loaded, by both refreshers) with a generous deadline; never as loads counted per wall-clock interval,
 * which a busy machine shifts by a round either way.
 */
class RefresherFleetTest extends FleetTestBase {

    private static final String REFRESHED = "tme_refresh_outcomes_total{outcome=\"refreshed\"}";
    private static final String OUTCOMES = "tme_refresh_outcomes_total";

    static final List<String> CHANNELS = List.of("durov", "meduzalive", "topwar_official", "chan_four", "chan_five",
            "chan_six");
    static final Duration INTERVAL = Duration.ofSeconds(1);
    /** Loads of every channel the refreshers make before safety is judged, and again after one of them dies. */
    static final int LOADS_EACH = 4;
    // The fleet's budget well above six channels a second, so only the schedule paces the loads; in-memory copies
    // shorter than the interval, as in production (10 s against 60 s). A claim outlasts any refresh on a busy machine
    // (as REFRESH_CLAIM_FOR's 30 s does in production): a claim that lapsed mid-refresh would let a second worker in.
    // A cold JVM's first Redis commands can take longer than the default 500 ms.
    static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "1s", "REFRESH_TICK", "20ms",
            "REFRESH_CLAIM_FOR", "5s", "REFRESH_STOP_GRACE", "1s", "TELEGRAM_RATE", "200", "TELEGRAM_BURST", "200",
            "MEMORY_CACHE_MAX_TTL", "500ms", "REDIS_TIMEOUT", "2s");

    RefresherFleetTest() {
        super(2, ENV);
    }

    @Test
    void twoRefreshers_neverLoadAChannelTwiceInAnInterval_feedsNeverReachTme_andOneSurvivesTheOthersDeath() {
        fleet.tme.anyChannelAs("durov");
        HttpResponse<String> warm = a.post("/v1/feed", new JsonObject().put("channels", new JsonArray(CHANNELS)).encode());
        assertEquals(200, warm.statusCode());
        CHANNELS.forEach(channel -> assertEquals(1, arrivals(channel).size(), channel + ": one t.me request when cold"));
        long apiLoads = apiLoads();
        assertEquals(6L, apiLoads);

        Map<String, String> refresher = new HashMap<>(ENV);
        refresher.put("ROLE", "refresher");
        long started = System.nanoTime();
        FleetProcess one = fleet.process(refresher);
        FleetProcess two = fleet.process(refresher);

        awaitEveryChannelLoadedAfter(started, LOADS_EACH, "every channel refreshed " + LOADS_EACH + " times");
        FleetAwait.until("both refreshers refreshed", () -> one.metrics().count(REFRESHED) > 0
                && two.metrics().count(REFRESHED) > 0, () -> one.metrics().count(REFRESHED) + " and "
                + two.metrics().count(REFRESHED));
        System.out.printf("refresher fleet: refreshes split %d / %d%n", one.metrics().count(REFRESHED),
                two.metrics().count(REFRESHED));
        assertNeverTwiceInAnInterval(started);

        HttpResponse<String> feed = b.get("/v1/feed?channels=" + String.join(",", CHANNELS) + "&limit=7");
        assertEquals(200, feed.statusCode());
        assertEquals(7, TestServer.json(feed).getJsonArray("result").size());
        assertEquals(0L, Fleet.metric(b, "tme_upstream_sent_total"), "a feed after warm-up: pages from Redis, no t.me");
        assertEquals(apiLoads, apiLoads(), "nor on the server that warmed up");

        long outcomesBefore = outcomes(two);
        one.kill();
        long killedAt = System.nanoTime();
        // The dead one's channels come back when its claims lapse (REFRESH_CLAIM_FOR): only the survivor loads now.
        awaitEveryChannelLoadedAfter(killedAt, LOADS_EACH, "every channel refreshed by the survivor");
        FleetAwait.until("the survivor's refreshes of them all", () -> outcomes(two) - outcomesBefore
                >= (long) LOADS_EACH * CHANNELS.size(), () -> Long.toString(outcomes(two) - outcomesBefore));
        assertEquals(apiLoads, apiLoads(), "no API server loaded meanwhile");
        assertNeverTwiceInAnInterval(started);

        two.terminate();
        assertEquals("0", fleet.redis.command("HLEN", "tme:v1:{refresh}:claims"), "SIGTERM handed every name back");
        assertEquals("6", fleet.redis.command("ZCARD", "tme:v1:{refresh}:due"));
    }

    private long apiLoads() {
        return Fleet.metric(a, "tme_upstream_sent_total") + Fleet.metric(b, "tme_upstream_sent_total");
    }

    private static long outcomes(FleetProcess process) {
        return Math.round(process.metrics().sum(OUTCOMES));
    }

    private List<Long> loadsAfter(String channel, long nanoTime) {
        return arrivals(channel).stream().filter(at -> at > nanoTime).toList();
    }

    private List<Long> arrivals(String channel) {
        return fleet.tme.arrivals("/s/" + channel);
    }

    private void awaitEveryChannelLoadedAfter(long nanoTime, int loads, String what) {
        FleetAwait.until(what, () -> CHANNELS.stream().allMatch(channel -> loadsAfter(channel, nanoTime).size() >= loads),
                () -> CHANNELS.stream().map(channel -> channel + "=" + loadsAfter(channel, nanoTime).size()).toList()
                        .toString());
    }

    /** Every channel's loads by the refreshers (all of t.me's requests since they started) as the schedule allows. */
    private void assertNeverTwiceInAnInterval(long started) {
        for (String channel : CHANNELS) {
            List<Long> loads = loadsAfter(channel, started);
            String violation = LoadSpacing.violation(loads, INTERVAL);
            assertNull(violation, channel + ": " + violation);
            System.out.printf("refresher fleet: %s loaded %d times in %d ms%n", channel, loads.size(),
                    Duration.ofNanos(loads.getLast() - loads.getFirst()).toMillis());
        }
    }
}
