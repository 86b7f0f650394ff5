package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.fetch.Await.result;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.Surprises;

/** Every page outcome over real loopback HTTP against the fake t.me. */
class TmeClientTest extends FakeTmeTestBase {

    private static final String DUROV_PAGE = Fixtures.read("s-durov-2026-05-hortay.html");
    private static final String CONTACT_PAGE = Fixtures.read("notfound-zzqxnonexistenthandle99887766-2026-neotolis.html");


    @Test
    void channelPage_latestIsTheRecordedPage() {
        Upstream.Ok ok = assertInstanceOf(Upstream.Ok.class, result(client.channelPage("durov", 0)));

        assertTrue(ok.body().contains("data-post=\"durov/502\""));
        assertEquals(DUROV_PAGE, ok.body());
        assertEquals(1, fake.hits("/s/durov"));
    }

    @Test
    void channelPage_positionGoesIntoThePath() {
        assertEquals(new Upstream.Ok(DUROV_PAGE), result(client.channelPage("durov", 490)));
        assertEquals(1, fake.hits("/s/durov/490"));
        assertEquals(0, fake.hits("/s/durov"));
    }

    @Test
    void channelPage_nameIsSentAsGiven() {
        assertEquals(new Upstream.Ok(DUROV_PAGE), result(client.channelPage("DuRov", 0)));
        assertEquals(1, fake.hits("/s/DuRov"));
    }

    @Test
    void channelPage_redirectToBareNameIsNotFound() {
        assertEquals(new Upstream.NotFound("nosuchchannel is not a public channel (redirect to /nosuchchannel)"),
                result(client.channelPage("nosuchchannel", 0)));
    }

    @Test
    void channelPage_absoluteRedirectToTmeInAnyCaseIsNotFound() {
        fake.respond("/s/durov", 302, "", Map.of("location", "https://t.me/DUROV"));

        assertEquals(new Upstream.NotFound("durov is not a public channel (redirect to https://t.me/DUROV)"),
                result(client.channelPage("durov", 0)));
    }

    @Test
    void channelPage_redirectElsewhereIsFailed() {
        fake.respond("/s/durov", 301, "", Map.of("location", "https://t.me/durov/5"));
        fake.respond("/s/durov/7", 302, "", Map.of("location", "https://example.com/durov"));

        assertEquals(new Upstream.Failed(301, "unexpected redirect to https://t.me/durov/5"),
                result(client.channelPage("durov", 0)));
        assertEquals(new Upstream.Failed(302, "unexpected redirect to https://example.com/durov"),
                result(client.channelPage("durov", 7)));
    }

    @Test
    void channelPage_contactPageIsOkAndLeftToTheParser() {
        fake.unknownChannelsAsContactPage(true);

        assertEquals(new Upstream.Ok(CONTACT_PAGE), result(client.channelPage("nosuchchannel", 0)));
    }

    @Test
    void channelPage_404IsNotFound() {
        fake.status("/s/durov", 404);

        assertEquals(new Upstream.NotFound("t.me answered 404 for durov"), result(client.channelPage("durov", 0)));
    }

    @Test
    void channelPage_429WithSecondsIsThrottledForThatLong() {
        fake.throttle(Duration.ofSeconds(7));

        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(7))), result(client.channelPage("durov", 0)));
    }

    @Test
    void channelPage_429WithHttpDateIsThrottledUntilThatDate() {
        Clock noon = Clock.fixed(Instant.parse("2026-05-10T12:00:00Z"), ZoneOffset.UTC);
        TmeClient atNoon = new TmeClient(vertx, new TmeClient.Options(fake.baseUrl(), Duration.ofSeconds(5), 2), noon);
        fake.respond("/s/durov", 429, "slow down", Map.of("retry-after", "Sun, 10 May 2026 12:01:30 GMT"));

        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(90))), result(atNoon.channelPage("durov", 0)));
        atNoon.close();
    }

    @Test
    void channelPage_429WithAnyHttpDateFormIsThrottledUntilThatDate() {
        Clock noon = Clock.fixed(Instant.parse("2026-05-10T12:00:00Z"), ZoneOffset.UTC);
        TmeClient atNoon = new TmeClient(vertx, new TmeClient.Options(fake.baseUrl(), Duration.ofSeconds(5), 2), noon);
        fake.throttleWithHeader("/s/durov", "Sunday, 10-May-26 12:00:30 GMT")
                .throttleWithHeader("/s/durov/1", "Sun May 10 12:01:00 2026");

        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(30))), result(atNoon.channelPage("durov", 0)));
        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(60))), result(atNoon.channelPage("durov", 1)));
        atNoon.close();
    }

    @Test
    void channelPage_429WithBotApiJsonIsThrottledForItsRetryAfter() {
        fake.throttleWithJson(11);

        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(11))), result(client.channelPage("durov", 0)));
    }

    @Test
    void channelPage_429WithoutAnyHintIsThrottledWithoutADuration() {
        fake.throttleWithoutHint();

        assertEquals(new Upstream.Throttled(Optional.empty()), result(client.channelPage("durov", 0)));
        fake.status(429); // the plain-text forced status: t.me's own words too
        assertEquals(new Upstream.Throttled(Optional.empty()), result(client.channelPage("durov", 0)));
    }

    @Test
    void channelPage_proxyErrorPageIsIntercepted() {
        fake.respond("/s/durov", 502, Surprises.proxyError(502), Surprises.nginxHeaders())
                .respond("/s/durov/5", 429, Surprises.cloudflareError(429),
                        Surprises.cloudflareHeaders(Map.of("retry-after", "30")));

        assertEquals(new Upstream.Intercepted(502, Optional.empty(), "502 Bad Gateway (from nginx)"),
                result(client.channelPage("durov", 0)));
        Upstream.Intercepted cloudflare = assertInstanceOf(Upstream.Intercepted.class,
                result(client.channelPage("durov", 5)));
        assertEquals(429, cloudflare.status());
        assertEquals(Optional.of(Duration.ofSeconds(30)), cloudflare.retryAfter());
        assertEquals("t.me | 429: Too many requests (from cloudflare, ray " + Surprises.CF_RAY + ")",
                cloudflare.reason());
    }

    @Test
    void channelPage_tmesOwn5xxPageStaysFailed() {
        fake.respond("/s/durov", 503, DUROV_PAGE, Map.of("content-type", "text/html; charset=utf-8"));

        assertEquals(new Upstream.Failed(503, "t.me answered 503"), result(client.channelPage("durov", 0)));
    }

    @Test
    void channelPage_serverErrorIsFailedWithItsStatus() {
        fake.status(500);
        fake.status("/s/durov/5", 503);

        assertEquals(new Upstream.Failed(500, "t.me answered 500"), result(client.channelPage("durov", 0)));
        assertEquals(new Upstream.Failed(503, "t.me answered 503"), result(client.channelPage("durov", 5)));
    }

    @Test
    void channelPage_connectionRefusedIsFailedWithStatusZero() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        TmeClient nowhere = new TmeClient(vertx,
                new TmeClient.Options(URI.create("http://127.0.0.1:" + closedPort), Duration.ofSeconds(5), 2));

        Upstream.Failed failed = assertInstanceOf(Upstream.Failed.class, result(nowhere.channelPage("durov", 0)));

        assertEquals(0, failed.status());
        assertTrue(failed.reason().contains("Connection refused"), failed.reason());
        nowhere.close();
    }

    @Test
    void channelPage_noAnswerIsTimedOutAfterTheConfiguredTimeout() {
        TmeClient impatient = clientWith(Duration.ofMillis(200));
        fake.hang("/s/durov");

        assertEquals(new Upstream.TimedOut(Duration.ofMillis(200)), result(impatient.channelPage("durov", 0)));
        assertEquals(1, fake.hits("/s/durov"));
        impatient.close();
    }

    @Test
    void channelPage_answerSlowerThanTheTimeoutIsTimedOut() {
        TmeClient impatient = clientWith(Duration.ofMillis(200));
        fake.delay(Duration.ofSeconds(30));

        assertEquals(new Upstream.TimedOut(Duration.ofMillis(200)), result(impatient.channelPage("durov", 0)));
        impatient.close();
    }

    @Test
    void preview_unknownNameIsTheContactPageWith200() {
        assertEquals(new Upstream.Ok(CONTACT_PAGE), result(client.preview("nosuchchannel")));
        assertEquals(1, fake.hits("/nosuchchannel"));
    }

    @Test
    void preview_404IsNotFound() {
        fake.status("/durov", 404);

        assertEquals(new Upstream.NotFound("t.me answered 404 for durov"), result(client.preview("durov")));
    }

    @Test
    void calls_rejectNamesAndPositionsTheApiShouldHaveRejected() {
        assertThrows(IllegalArgumentException.class, () -> client.channelPage("../admin", 0));
        assertThrows(IllegalArgumentException.class, () -> client.preview("du rov"));
        assertThrows(IllegalArgumentException.class, () -> client.channelPage("durov", -1));
        assertThrows(IllegalArgumentException.class, () -> client.more("durov", Direction.BEFORE, 0));
        assertEquals(0, fake.totalHits());
    }

    @Test
    void stats_countRequestsByOutcome() {
        fake.status("/s/durov/404", 404).throttle("/s/durov/429", Duration.ofSeconds(1)).status("/s/durov/500", 500)
                .respond("/s/durov/502", 502, Surprises.proxyError(502), Surprises.nginxHeaders())
                .respond("/s/durov/4290", 429, Surprises.proxyError(429), Surprises.nginxHeaders());

        for (int position : new int[] {0, 1, 404, 429, 500, 502, 4290}) {
            result(client.channelPage("durov", position));
        }

        assertEquals(new TmeClient.Stats(7, 2, 1, 1, 1, 0, 2, 1), client.stats(), "a proxy's 429 counts apart");
    }

    private TmeClient clientWith(Duration timeout) {
        return new TmeClient(vertx, new TmeClient.Options(fake.baseUrl(), timeout, 4));
    }
}
