package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A walk is charged to its client: while another client waits for t.me (the share is work-conserving: a client
 * alone may use the fleet's whole budget), with {@code CLIENT_UPSTREAM_SHARE} low, a walk of 1,000 posts gets the pages its
 * share pays for ({@code CLIENT_UPSTREAM_BURST} on a clock that stands still) and ends with reason {@code budget} and
 * the cursor to resume from; resuming once the share has refilled goes on where it stopped, and the walks together
 * answer every post once, in order, at one t.me request per page.
 */
class HistoryBudgetTest {

    static final int BURST = 7;

    final TestClock clock = new TestClock();
    final TestServer server = new TestServer(Map.of("TELEGRAM_RATE", "100", "TELEGRAM_BURST", "100",
            "CLIENT_UPSTREAM_SHARE", "0.05", "CLIENT_UPSTREAM_BURST", Integer.toString(BURST),
            "TRUSTED_PROXIES", "127.0.0.1/32"), clock, null);

    HistoryBudgetTest() {
        server.tme.longChannel(HistoryTest.CHANNEL, HistoryTest.POSTS).anyChannelAs("durov");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aWalkOverItsShare_endsWithACursor_andResumingFinishesWithNothingRepeatedOrMissed() {
        List<Integer> ids = new ArrayList<>();
        List<JsonObject> ends = new ArrayList<>();
        String path = "/v1/history/" + HistoryTest.CHANNEL;
        while (ends.isEmpty() || ends.getLast().getString("reason").equals("budget")) {
            anotherClientWaits(ends.size());
            List<JsonObject> lines = HistoryTest.lines(server.get(path).body());
            ids.addAll(HistoryTest.ids(lines));
            JsonObject end = lines.getLast().getJsonObject("end");
            ends.add(end);
            path = "/v1/history/" + HistoryTest.CHANNEL + "?before=" + end.getInteger("before");
            clock.advance(Duration.ofMinutes(1)); // the client's share refills
        }

        assertEquals(HistoryTest.descending(HistoryTest.POSTS, 1), ids);
        JsonObject first = ends.getFirst();
        assertEquals(List.of("budget", "client_upstream_limited", BURST * 20, HistoryTest.POSTS - BURST * 20 + 1),
                List.of(first.getString("reason"), first.getString("problem"), first.getInteger("posts"),
                        first.getInteger("before")));
        assertTrue(first.getInteger("retry_after") >= 1);
        assertEquals("start", ends.getLast().getString("reason"));
        assertEquals((HistoryTest.PAGES + BURST - 1) / BURST, ends.size(), "each walk but the last gets its burst");
        assertEquals(HistoryTest.PAGES + ends.size(), server.tme.totalHits(), "each page once, and the other's");
    }

    /** The share is work-conserving: it binds only while another client has asked t.me lately. */
    private void anotherClientWaits(int walk) {
        assertEquals(200, server.send(server.request("/v1/body/other" + walk, "CF-Connecting-IP", "198.51.100.7")
                .GET().build()).statusCode());
    }
}
