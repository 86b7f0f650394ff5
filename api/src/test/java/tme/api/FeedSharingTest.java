package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;
import tme.api.render.DecodedCopies;

/**
 * Identical feeds are built once: concurrent requests for the same set of channels (in any order or case) share
 * one build, ranking and rendering, and over cold channels one t.me request each. The fake holds t.me's answers
 * until every client waits (the server's counters say so), then lets them go. One server, no Redis.
 */
class FeedSharingTest extends ServerTestBase {

    static final int CLIENTS = 1000;

    @Test
    void thousandConcurrentIdenticalFeeds_overThreeColdChannels_exactlyThreeTmeRequests_oneBuild() {
        server.tme.holdRequests();
        List<CompletableFuture<Reply>> burst = client.burst(server,
                "/v1/feed?channels=durov,meduzalive,topwar_official&limit=50", CLIENTS);
        FleetAwait.held(server.tme, 3);
        awaitMetric("tme_coalescing_joins_total", CLIENTS - 1);

        server.tme.release();

        List<Reply> replies = FleetClient.all(burst);
        assertEquals(Map.of(200, (long) CLIENTS), FleetClient.tally(replies, Reply::status));
        assertEquals(1, FleetClient.tally(replies, Reply::bodySha).size(), "byte-identical answers");
        assertEquals(1, server.tme.hits("/s/durov"));
        assertEquals(1, server.tme.hits("/s/meduzalive"));
        assertEquals(1, server.tme.hits("/s/topwar_official"));
        assertEquals(3, server.tme.totalHits());
        assertEquals(1L, Fleet.metric(server, "tme_feed_builds_total"));
        assertEquals((long) CLIENTS, Fleet.metric(server, "tme_feed_requests_total"));
        FleetClient.coalescingRatio("1000 concurrent identical feeds of 3 cold channels", CLIENTS,
                server.tme.totalHits());
    }

    @Test
    void concurrentFeedsOfOneSetInAnyOrderOrCase_shareOneBuild() {
        List<String> spellings = List.of("durov,meduzalive", "meduzalive,durov", "DUROV,MeduzaLive",
                "meduzalive,%20durov%20,durov", "Durov,meduzalive,MEDUZALIVE");
        server.tme.holdRequests();
        List<CompletableFuture<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            replies.add(client.get(server, "/v1/feed?channels=" + spellings.get(i % spellings.size())));
        }
        FleetAwait.held(server.tme, 2);
        awaitMetric("tme_coalescing_joins_total", 49);

        server.tme.release();

        List<Reply> all = FleetClient.all(replies);
        assertEquals(Map.of(200, 50L), FleetClient.tally(all, Reply::status));
        assertEquals(1, FleetClient.tally(all, Reply::bodySha).size());
        assertEquals(1L, Fleet.metric(server, "tme_feed_builds_total"));
        assertEquals(2, server.tme.totalHits());
        HttpResponse<String> later = server.get("/v1/feed?channels=meduzalive,durov");
        assertEquals("L1", later.headers().firstValue("X-Cache").orElseThrow());
        assertTrue(later.headers().firstValue("ETag").isPresent());
        assertEquals(1L, Fleet.metric(server, "tme_feed_builds_total"), Duration.ofSeconds(10) + " fresh: no second build");
    }

    @Test
    void feedsOfOverlappingChannels_inEveryFormat_shareTheDecodedCopyOfAnOftenReadPage() {
        // durov's page is read by 6 builds, meduzalive's by 3, topwar_official's by 1.
        List<String> feeds = List.of("/v1/feed?channels=durov,meduzalive", "/v1/feed?channels=durov",
                "/feeds/durov.atom", "/feeds/meduzalive.rss", "/v1/feed?channels=meduzalive,topwar_official&limit=5",
                "/feeds/durov.rss", "/v1/feed?channels=durov&limit=3", "/feeds/durov.json");

        for (String feed : feeds) {
            assertEquals(200, server.get(feed).statusCode(), feed);
        }

        assertEquals(8L, Fleet.metric(server, "tme_feed_builds_total"));
        assertEquals(3, server.tme.totalHits());
        assertEquals(decodes(6) + decodes(3) + decodes(1), Fleet.metric(server, "tme_graphql_decoded_total"),
                "a page read by fewer than " + DecodedCopies.KEEP_AT + " builds decoded by each, a page read by more"
                        + " decoded that often, then shared by every later build");
    }

    /** Decodes of a stored page read by {@code builds} feed builds. */
    private static long decodes(int builds) {
        return Math.min(builds, DecodedCopies.KEEP_AT);
    }
}
