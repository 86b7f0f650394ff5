package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A feed request is worked out from its URL once ({@code tme.api.http.ResolvedFeeds}): the same URL asked again is
 * answered alike without being read again, and what else a request's answer depends on (its origin, its
 * {@code Accept}) keeps a resolution of its own; a bad request or a redirect is never kept.
 */
class ResolvedFeedsTest {

    private static final Pattern SELF = Pattern.compile("<link rel=\"self\" href=\"([^\"]+)\"");
    private static final String RESOLVED = "tme_http_feeds_resolved_total";

    final TestClock clock = new TestClock(Instant.parse("2026-05-06T00:00:00Z"));
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theSameFeedUrlAgain_isAnsweredAlike_andWorkedOutOnce() {
        HttpResponse<String> first = server.get("/feeds/durov.atom?limit=5");
        HttpResponse<String> again = server.get("/feeds/durov.atom?limit=5");
        assertEquals(200, again.statusCode(), again.body());
        assertEquals(first.body(), again.body());
        assertEquals(first.headers().firstValue("ETag"), again.headers().firstValue("ETag"));
        assertEquals(5, entries(again.body()));
        assertEquals(1, resolved());
        assertEquals(1, ahead(), "the second answered ahead of the router");
        assertEquals(first.headers().firstValue("Content-Type"), again.headers().firstValue("Content-Type"));

        HttpResponse<String> json = server.get("/v1/feed?channels=durov&limit=3");
        HttpResponse<String> jsonAgain = server.get("/v1/feed?channels=durov&limit=3");
        assertEquals(json.body(), jsonAgain.body());
        assertEquals(List.of("Accept", "accept-encoding"), jsonAgain.headers().allValues("Vary"),
                "Accept chose the format: said on the answer found resolved too");
        assertEquals(2, resolved());
        assertEquals(2, ahead());
    }

    @Test
    void anotherOrigin_orAnotherAccept_isResolvedApart() {
        String http = self(server.get("/feeds/durov.atom"));
        String https = self(server.get("/feeds/durov.atom", "X-Forwarded-Proto", "https"));
        assertTrue(http.startsWith("http://127.0.0.1:"), http);
        assertTrue(https.startsWith("https://127.0.0.1:"), https);
        assertEquals(http, self(server.get("/feeds/durov.atom")));
        assertEquals(2, resolved());

        assertEquals(200, server.get("/v1/feed?channels=durov", "Accept", "application/json").statusCode());
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> reader = server.get("/v1/feed?channels=durov", "Accept", "application/atom+xml");
            assertEquals(303, reader.statusCode(), "a reader's Accept moves it to the format's URL, every time");
            assertEquals("/v1/feed?channels=durov&format=atom", reader.headers().firstValue("Location").orElseThrow());
        }
        assertEquals(200, server.get("/v1/feed?channels=durov", "Accept", "application/json").statusCode());
        assertEquals(5, resolved(), "two origins, one JSON request, two redirects (never kept)");
    }

    @Test
    void aBadFeedRequest_isAnsweredAsBefore_andNeverKept() {
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> bad = server.get("/feeds/durov.txt");
            assertEquals(422, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("a feed's file name ends in .atom, .rss or .json"), bad.body());
        }
        assertEquals(2, resolved());
    }

    @Test
    void rssHubsIgnoredOptions_areNamedOnEveryAnswer() {
        String url = "/telegram/channel/durov/showLinkPreview=0&includeFwd=0?filter=x";
        for (int i = 0; i < 2; i++) {
            HttpResponse<String> answer = server.get(url);
            assertEquals(200, answer.statusCode(), answer.body());
            assertEquals("showLinkPreview, filter", answer.headers().firstValue("X-Ignored-Options").orElseThrow());
        }
        assertEquals(1, resolved());
        assertEquals(1, ahead());
    }

    private long ahead() {
        return PrometheusText.of(server).count("tme_http_requests_ahead_total");
    }

    private long resolved() {
        return PrometheusText.of(server).count(RESOLVED);
    }

    private static String self(HttpResponse<String> atom) {
        assertEquals(200, atom.statusCode(), atom.body());
        Matcher self = SELF.matcher(atom.body());
        assertTrue(self.find(), atom.body());
        return self.group(1);
    }

    private static int entries(String atom) {
        return atom.split("<entry>", -1).length - 1;
    }
}
