package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.fetch.Await.result;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.FakeTme;
import tme.scraper.testing.Fixtures;

/** What goes over the wire: headers, gzip, connection reuse and the pool cap, as the fake sees them. */
class TmeClientWireTest extends FakeTmeTestBase {

    @Override
    int maxConnections() {
        return 2;
    }


    @Test
    void pageRequest_sendsBrowserHeadersWithEnglishAndOnlyDecodableEncodings() {
        result(client.channelPage("durov", 0));

        FakeTme.Received got = fake.lastRequest("/s/durov").orElseThrow();
        Map<String, String> h = got.headers();
        assertEquals("GET", got.method());
        assertEquals(BrowserHeaders.USER_AGENT, h.get("user-agent"));
        assertEquals("gzip, deflate", h.get("accept-encoding"));
        assertEquals("en", h.get("accept-language"));
        assertEquals("navigate", h.get("sec-fetch-mode"));
        assertTrue(h.get("accept").startsWith("text/html,"), h.get("accept"));
        assertEquals("127.0.0.1:" + fake.baseUrl().getPort(), h.get("host"));
        assertFalse(h.containsKey("x-requested-with"), "a navigation is not an XHR");
    }

    @Test
    void moreRequest_isAnEmptyXhrPost() {
        result(client.more("durov", Direction.BEFORE, 490));

        FakeTme.Received got = fake.lastRequest("/s/durov?before=490").orElseThrow();
        Map<String, String> h = got.headers();
        assertEquals("POST", got.method());
        assertEquals("XMLHttpRequest", h.get("x-requested-with"));
        assertEquals("0", h.get("content-length"));
        assertEquals("gzip, deflate", h.get("accept-encoding"));
        assertEquals(BrowserHeaders.USER_AGENT, h.get("user-agent"));
        assertEquals("application/json, text/javascript, */*; q=0.01", h.get("accept"));
    }

    @Test
    void gzippedAnswers_areDecoded() {
        fake.gzip(true);

        Upstream page = result(client.channelPage("durov", 0));
        Upstream more = result(client.more("durov", Direction.BEFORE, 482));

        assertEquals(new Upstream.Ok(Fixtures.read("s-durov-2026-05-hortay.html")), page);
        assertTrue(((Upstream.Ok) more).body().contains("data-post=\"durov/481\""));
        assertEquals(2, fake.gzippedReplies());
    }

    @Test
    void sequentialRequests_reuseOneKeptAliveConnection() {
        // One pooled connection: without keep-alive each of the six requests would need its own.
        // (With a bigger pool a second connection may open while the first is still being recycled.)
        TmeClient single = new TmeClient(vertx, new TmeClient.Options(fake.baseUrl(), Duration.ofSeconds(5), 1));
        for (int i = 0; i < 5; i++) {
            result(single.channelPage("durov", 0));
        }
        result(single.more("durov", Direction.BEFORE, 490));
        single.close();

        assertEquals(1, fake.connections());
        assertEquals(5, fake.hits("/s/durov"));
        assertEquals(1, fake.hits("/s/durov?before=490"));
        assertEquals(6, fake.totalHits());
    }

    @Test
    void concurrentRequests_neverOpenMoreThanMaxConnections() throws InterruptedException {
        fake.holdRequests();

        List<Future<Upstream>> calls = IntStream.rangeClosed(1, 6).mapToObj(i -> client.channelPage("durov", i)).toList();
        assertTrue(fake.awaitHeld(2, Duration.ofSeconds(60)), "two requests reach t.me");
        fake.release();
        calls.forEach(c -> assertTrue(result(c) instanceof Upstream.Ok));

        assertEquals(2, fake.connections());
        assertEquals(6, fake.totalHits());
    }

    @Test
    void hits_countPerPathAndReset() {
        result(client.channelPage("durov", 0));
        result(client.channelPage("durov", 0));
        result(client.preview("durov"));

        assertEquals(2, fake.hits("/s/durov"));
        assertEquals(1, fake.hits("/durov"));
        assertEquals(0, fake.hits("/s/meduzalive"));
        fake.resetHits();
        assertEquals(0, fake.hits("/s/durov"));
        assertEquals(0, fake.totalHits());
    }
}
