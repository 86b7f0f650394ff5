package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Negative caching per channel: once t.me says a channel does not exist, every route of that channel answers from
 * its one "not found" entry, with no t.me request, until {@code CACHE_TTL_NOT_FOUND} (60 s) has passed.
 */
class MissingChannelTest extends CacheFleetTestBase {

    static final List<String> EVERY_ROUTE = List.of("/v1/post/nosuch/1", "/v1/post/nosuch/2", "/v1/post/nosuch/777",
            "/v1/body/nosuch", "/v1/body/nosuch?position=42", "/v1/more/nosuch/before/100",
            "/v1/more/nosuch/after/5", "/v1/preview/nosuch");

    @Test
    void unknownChannel_everyRouteAnswersFromItsOneNotFoundEntry_withoutAskingTme() {
        assertNotFound(CacheHttp.get(server, "/v1/post/nosuch/531"));
        assertEquals(1, tme.totalHits());
        assertEquals(1, tme.hits("/s/nosuch/531"));

        for (String route : EVERY_ROUTE) {
            assertNotFound(CacheHttp.get(server, route));
        }
        assertEquals(1, tme.totalHits(), "no route of a missing channel asked t.me again");
        assertEquals(EVERY_ROUTE.size(), CacheHttp.metric(server, "tme_channels_missing_answered_total"));

        fleet.clock.advance(Duration.ofSeconds(61)); // past CACHE_TTL_NOT_FOUND
        assertNotFound(CacheHttp.get(server, "/v1/post/nosuch/3"));
        assertEquals(2, tme.totalHits(), "after its TTL the channel is asked about again");
    }

    private static void assertNotFound(HttpResponse<byte[]> response) {
        assertEquals(404, response.statusCode());
        assertEquals("channel_not_found", new JsonObject(CacheHttp.text(response)).getString("code"));
        assertEquals("Channel @nosuch does not exist or is not public",
                new JsonObject(CacheHttp.text(response)).getString("detail"));
    }
}
