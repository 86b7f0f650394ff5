package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A refresher ({@code ROLE=refresher}) beside an API server on one Redis and the fake t.me, on real time, keeping a
 * feed's depth warm: a feed of {@code pages=3} registers durov 3 deep, and once t.me's latest page moves on (its
 * oldest post changed) the refresher loads the pages before the new one, so a reader finds them stored; while it
 * does not move, refreshing the latest page costs no request for the older ones.
 */
class FeedPagesRefresherTest {

    static final String REFRESHED = "tme_refresh_outcomes_total{outcome=\"refreshed\"}";

    final Fleet fleet = new Fleet(1, RefresherRoleTest.ENV, InstantSource.system());
    final TestServer api = fleet.server(0);
    final TestServer refresher = refresher();

    TestServer refresher() {
        Map<String, String> env = new HashMap<>(RefresherRoleTest.ENV);
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
    void aRegisteredDepth_isKeptWarm_olderPagesLoadedOnlyWhenTheLatestPageMovesOn() {
        // t.me shows posts 493..497; before= pages of 5: 487..491, then 481..486 (the channel's first post).
        fleet.tme.page("durov", DeepPages.durovShowing(10, 15)).morePageSize(5);
        HttpResponse<String> feed = api.get("/v1/feed?channels=durov&pages=3");
        assertEquals(200, feed.statusCode(), feed.body());
        assertEquals(DeepPages.ids(0, 15), DeepPages.feedIds(TestServer.json(feed)));

        long refreshed = Fleet.metric(refresher, REFRESHED);
        FleetAwait.until("two more refreshes of durov, 3 deep", () -> Fleet.metric(refresher, REFRESHED) >= refreshed + 2,
                () -> Fleet.metrics(refresher).toString());
        assertEquals(1, fleet.tme.hits("/s/durov?before=493"), "the latest page's oldest post did not move: stored");
        assertEquals(1, fleet.tme.hits("/s/durov?before=487"));

        // Five new posts: t.me shows 498..502, and the page before them is one nobody loaded yet.
        fleet.tme.page("durov", DeepPages.durovShowing(15, 20));
        FleetAwait.until("the refresher asked for the page before the new oldest post",
                () -> fleet.tme.hits("/s/durov?before=498") == 1, () -> "hits: " + fleet.tme.arrivals());
        long before = Fleet.metric(refresher, REFRESHED);
        FleetAwait.until("that refresh is done", () -> Fleet.metric(refresher, REFRESHED) > before,
                () -> Fleet.metrics(refresher).toString());

        assertEquals(1, fleet.tme.hits("/s/durov?before=498"), "once");
        assertEquals(1, fleet.tme.hits("/s/durov?before=493"), "the second page back was stored already");
        assertEquals(1, fleet.tme.hits("/s/durov?before=487"), "3 deep: the third page back is not read");
        HttpResponse<String> more = api.get("/v1/more/durov/before/498");
        assertEquals(DeepPages.ids(10, 15), TestServer.json(more).getJsonArray("posts").stream()
                .map(post -> ((io.vertx.core.json.JsonObject) post).getInteger("id")).toList());
        assertEquals("L2", more.headers().firstValue("X-Cache").orElseThrow(), "a reader finds it stored by the refresher");
        assertEquals(1, fleet.tme.hits("/s/durov?before=498"));
    }
}
