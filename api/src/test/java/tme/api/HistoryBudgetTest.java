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
 * A walk is charged to its client: with {@code CLIENT_UPSTREAM_SHARE} low, a walk of 1,000 posts gets the pages its
 * share pays for ({@code CLIENT_UPSTREAM_BURST} on a clock that stands still) and ends with reason {@code budget} and
 * the cursor to resume from; resuming once the share has refilled goes on where it stopped, and the walks together
 * answer every post once, in order, at one t.me request per page.
 */
class HistoryBudgetTest {

    static final int BURST = 7;

    final TestClock clock = new TestClock();
    final TestServer server = new TestServer(Map.of("TELEGRAM_RATE", "100", "TELEGRAM_BURST", "100",
            "CLIENT_UPSTREAM_SHARE", "0.05", "CLIENT_UPSTREAM_BURST", Integer.toString(BURST)), clock, null);

    HistoryBudgetTest() {
        server.tme.longChannel(HistoryTest.CHANNEL, HistoryTest.POSTS);
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
        assertEquals(HistoryTest.PAGES, server.tme.totalHits());
    }
}
