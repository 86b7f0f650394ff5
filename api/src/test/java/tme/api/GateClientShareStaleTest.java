package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A load over its client's share answers the stale copy when there is one: the page's bytes, {@code X-Cache: STALE},
 * with no t.me request; without one, the 429. The refusal is that client's alone: another client's load of the same
 * page goes to t.me at once (the failure is not remembered for the key). Shares bind while another client waits
 * for t.me: here a reader that asked just before.
 */
class GateClientShareStaleTest {

    static final String SPRAYER = "203.0.113.9";
    static final String READER = "198.51.100.7";

    final TestClock clock = new TestClock();
    final TestServer server = new TestServer(Map.of("TELEGRAM_RATE", "5", "TELEGRAM_BURST", "5",
            "CLIENT_UPSTREAM_SHARE", "0.25", "CLIENT_UPSTREAM_BURST", "2", "TRUSTED_PROXIES", "127.0.0.1/32",
            "CACHE_TTL_LATEST", "60s", "STALE_WHILE_REVALIDATE", "0s", "MAX_STALE", "1h"), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void overItsShare_aClientGetsTheStaleCopy_orA429_andOthersStillLoad() {
        server.tme.anyChannelAs("durov");
        HttpResponse<String> first = get(SPRAYER, "/v1/body/kept");
        assertEquals(200, first.statusCode());
        clock.advance(Duration.ofMinutes(2)); // stale beyond its freshness; the client's bucket is full again
        // Another client waits for t.me (asked within the window; the clock stands still from here): shares bind.
        assertEquals(200, get(READER, "/v1/body/waiting").statusCode());
        assertEquals(200, get(SPRAYER, "/v1/body/cold1").statusCode());
        assertEquals(200, get(SPRAYER, "/v1/body/cold2").statusCode());
        long sent = server.tme.totalHits();

        HttpResponse<String> stale = get(SPRAYER, "/v1/body/kept");
        HttpResponse<String> limited = get(SPRAYER, "/v1/body/cold3");

        assertEquals(200, stale.statusCode());
        assertEquals("STALE", stale.headers().firstValue("X-Cache").orElseThrow());
        assertEquals(first.body(), stale.body());
        assertEquals(429, limited.statusCode());
        assertEquals("client_upstream_limited", TestServer.json(limited).getString("code"));
        assertEquals(sent, server.tme.totalHits(), "nothing sent for a client over its share");
        assertEquals(200, get(READER, "/v1/body/cold3").statusCode(), "the refusal was the sprayer's alone");
        assertEquals(sent + 1, server.tme.totalHits());
    }

    private HttpResponse<String> get(String client, String path) {
        return server.get(path, "CF-Connecting-IP", client);
    }
}
