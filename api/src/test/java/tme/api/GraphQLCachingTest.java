package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * HTTP caching of GraphQL answers: a GET whose every field came from a stored entry may be cached by the edge for
 * the shortest freshness left among them; anything else, and every POST, is {@code no-store}.
 */
class GraphQLCachingTest {

    /** The latest page (fresh 10 s) and a preview (fresh about an hour): the page bounds the answer. */
    static final String PAGE_AND_CARD = "{ body(channel: \"durov\") { meta { offset { before } } }"
            + " preview(channel: \"durov\") { channel { title } } }";

    final TestClock clock = new TestClock();
    // A load slower than the default 2 s on a busy machine would leave nothing stored and fail the test for t.me's sake.
    final TestServer server = new TestServer(Map.of("TELEGRAM_TIMEOUT", "30s"), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void get_everyFieldStored_isPublicForTheShortestFreshnessLeft() {
        assertEquals("public, max-age=10", cacheControl(Gql.get(server, PAGE_AND_CARD)), "as loaded");
        clock.advance(Duration.ofSeconds(4));

        assertEquals("public, max-age=6", cacheControl(Gql.get(server, PAGE_AND_CARD)), "from L1, 4 s later");
        assertEquals(2, server.tme.totalHits());
    }

    @Test
    void get_aStaleEntry_isMaxAge0() {
        assertEquals("public, max-age=10", cacheControl(Gql.get(server, PAGE_AND_CARD)));
        clock.advance(Duration.ofSeconds(12));

        assertEquals("public, max-age=0", cacheControl(Gql.get(server, PAGE_AND_CARD)));
    }

    @Test
    void get_aCachedNotFound_isPublicToo_asRest() {
        HttpResponse<String> missing = Gql.get(server, "{ body(channel: \"zzqxnonexistent\") { meta { offset { before } } } }");
        String rest = server.get("/v1/body/zzqxnonexistent").headers().firstValue("Cache-Control").orElseThrow();
        // CACHE_TTL_NOT_FOUND (60 s), shortened by a key-hashed part as every lifetime of a minute or more (2 s
        // for this key), on a clock that stands still.
        assertEquals("public, max-age=58", cacheControl(missing));
        assertEquals("public, max-age=58", rest, "the same entry, the same freshness left");
    }

    @Test
    void get_aFieldThatFailed_orWasInvalid_isNoStore() {
        server.tme.status("/s/meduzalive", 500);
        assertEquals("no-store", cacheControl(Gql.get(server, "{ a: body(channel: \"durov\") { meta { offset { before } } }"
                + " b: body(channel: \"meduzalive\") { meta { offset { before } } } }")));
        assertEquals("no-store", cacheControl(Gql.get(server, "{ a: body(channel: \"durov\") { meta { offset { before } } }"
                + " b: body(channel: \"bad-name\") { meta { offset { before } } } }")));
    }

    @Test
    void get_readingNothingStored_isNoStore() {
        assertEquals("no-store", cacheControl(Gql.get(server, "{ __typename }")));
        assertEquals("no-store", cacheControl(Gql.get(server, "{ body(channel: \"durov\") { nope } }")));
    }

    @Test
    void post_isNoStore() {
        assertEquals("public, max-age=10", cacheControl(Gql.get(server, PAGE_AND_CARD)));
        assertEquals("no-store", cacheControl(Gql.post(server, PAGE_AND_CARD)));
    }

    private static String cacheControl(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.body());
        return response.headers().firstValue("Cache-Control").orElseThrow();
    }
}
