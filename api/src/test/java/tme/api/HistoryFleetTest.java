package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two servers on one Redis, each walking the same channel of 1,000 posts at the same time: the pages are the fleet's
 * cache entries, loaded once under their leases, so the two walks together cost t.me one walk, 50 requests.
 */
class HistoryFleetTest {

    final Fleet fleet = new Fleet(2, Map.of(), InstantSource.system());

    HistoryFleetTest() {
        fleet.tme.longChannel(HistoryTest.CHANNEL, HistoryTest.POSTS);
    }

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void twoServersWalkingAtOnce_costOneWalk() {
        List<CompletableFuture<HttpResponse<String>>> walks = fleet.servers().stream()
                .map(server -> server.http().sendAsync(
                        server.request("/v1/history/" + HistoryTest.CHANNEL).GET().build(),
                        HttpResponse.BodyHandlers.ofString()))
                .toList();

        for (CompletableFuture<HttpResponse<String>> walk : walks) {
            List<Integer> ids = HistoryTest.ids(HistoryTest.lines(walk.join().body()));
            assertEquals(HistoryTest.descending(HistoryTest.POSTS, 1), ids);
        }
        assertEquals(HistoryTest.PAGES, fleet.tme.totalHits());
    }
}
