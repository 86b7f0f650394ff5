package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A feed's pages on the feed's own timeline, on the test clock (no Redis): the latest pages are stored fresh for
 * 10 s (their own {@code CACHE_TTL_LATEST}) but a feed takes them as fresh for {@code FEED_FRESH_TTL} (60 s), then
 * serves them stale while one refresh per page runs, up to {@code FEED_STALE_TTL} (15 min); past that it waits for
 * t.me. Each step moves the clock past the built feed's own freshness and grace (10 s + 10 s), so every request
 * builds the feed again from the pages.
 */
class FeedStaleTest {

    static final String FEED = "/v1/feed?channels=durov,meduzalive";
    static final Duration PAST_THE_BUILT_FEED = Duration.ofSeconds(25);

    final TestClock clock = new TestClock(Instant.parse("2026-05-06T00:00:00Z"));
    // Refreshes are held at the fake on real time: they must not time out meanwhile.
    final TestServer server = new TestServer(Map.of("TELEGRAM_TIMEOUT", "30s"), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void pagesFreshForAMinute_thenServedStaleWithOneRefreshEach_thenWaitedForPastFifteenMinutes() {
        String first = feed();
        assertEquals(2, server.tme.totalHits());

        clock.advance(Duration.ofSeconds(30)); // the pages are 30 s old: stale for /v1/body, fresh for the feed
        assertEquals(first, feed());
        assertEquals(2, server.tme.totalHits(), "no refresh within FEED_FRESH_TTL");
        assertEquals(2L, Fleet.metric(server, "tme_feed_builds_total"));

        clock.advance(Duration.ofSeconds(31)); // 61 s: stale for the feed too
        server.tme.holdRequests();
        for (int i = 0; i < 6; i++) {
            assertEquals(first, feed(), "the stale pages answer at once, request " + i);
            FleetAwait.held(server.tme, 2);
            clock.advance(PAST_THE_BUILT_FEED);
        }
        assertEquals(4, server.tme.totalHits(), "one refresh per page for the whole stale window");
        assertEquals(1, server.tme.hits("/s/durov") - 1);

        server.tme.release();
        FleetAwait.until("the refreshes stored", () -> Fleet.metric(server, "tme_coalescing_loads_in_flight") == 0,
                () -> Fleet.metrics(server).toString());
        feed();
        assertEquals(4, server.tme.totalHits(), "the refreshed pages are fresh for the feed again");

        clock.advance(Duration.ofMinutes(16)); // older than FEED_STALE_TTL: the feed waits for t.me
        HttpResponse<String> waited = server.get(FEED);
        assertEquals(200, waited.statusCode());
        assertEquals(6, server.tme.totalHits());
        assertEquals(2, server.tme.hits("/s/meduzalive") - 1);
        assertEquals(10L, Fleet.metric(server, "tme_feed_builds_total"), "every request came past the built feed's own life");
    }

    private String feed() {
        HttpResponse<String> answer = server.get(FEED);
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals(0, new JsonObject(answer.body()).getJsonArray("errors").size(), answer.body());
        // The bytes but their scores, which decay with the clock.
        return new JsonObject(answer.body()).getJsonArray("result").stream()
                .map(item -> ((JsonObject) item).copy())
                .peek(item -> item.remove("score")).toList().toString();
    }
}
