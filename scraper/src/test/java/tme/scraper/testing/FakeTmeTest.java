package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.Json;
import io.vertx.ext.web.client.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.MorePage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;

/** The fake t.me's own contract, seen through a plain WebClient that follows nothing and decodes nothing. */
class FakeTmeTest extends FakeTmeClientTestBase {

    private static final String DUROV_PAGE = Fixtures.read("s-durov-2026-05-hortay.html");
    private static final String CONTACT_PAGE = Fixtures.read("notfound-zzqxnonexistenthandle99887766-2026-neotolis.html");

    @Test
    void channelPage_servedForAnySpellingAndPosition() {
        for (String uri : List.of("/s/durov", "/s/DUROV", "/s/durov/490")) {
            HttpResponse<Buffer> page = call(HttpMethod.GET, uri);
            assertEquals(200, page.statusCode(), uri);
            assertEquals("text/html; charset=utf-8", page.getHeader("content-type"));
            assertEquals(DUROV_PAGE, page.bodyAsString(), uri);
        }
        assertEquals(List.of(1L, 1L, 1L), List.of(fake.hits("/s/durov"), fake.hits("/s/DUROV"), fake.hits("/s/durov/490")));
    }

    @Test
    void publish_addsTheNextPostToEveryLaterPage() {
        fake.anyChannelAs("durov");
        int first = fake.publish("telegram", "Hello from the fake");
        int second = fake.publish("telegram", "And again");

        HttpResponse<Buffer> page = call(HttpMethod.GET, "/s/telegram");
        ChannelPage parsed = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(page.bodyAsString(), ParserMode.FULL)).value();
        assertEquals(List.of(503, 504), List.of(first, second));
        assertEquals(22, parsed.posts().size());
        assertEquals(504, parsed.posts().getLast().id());
        assertEquals("And again", parsed.posts().getLast().content().text().string());
        assertEquals(DUROV_PAGE, call(HttpMethod.GET, "/s/durov").bodyAsString()); // only the channel published in
    }

    @Test
    void showPublished_aPageShowsTheNewestPublishedPostsOnly_withTheirIds_andNoHole() {
        fake.anyChannelAs("durov").showPublished(2);
        List<Integer> ids = List.of(fake.publish("telegram", "One"), fake.publish("telegram", "Two"),
                fake.publish("telegram", "Three"));

        HttpResponse<Buffer> page = call(HttpMethod.GET, "/s/telegram");
        ChannelPage parsed = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(page.bodyAsString(), ParserMode.FULL)).value();
        assertEquals(List.of(503, 504, 505), ids);
        assertEquals(List.of(504, 505), parsed.posts().stream().map(post -> post.id()).toList(),
                "503 scrolled off, and the recorded posts before it with it: no hole, as on t.me");
        assertEquals("Three", parsed.posts().getLast().content().text().string());
    }

    @Test
    void channelPage_everyRecordedChannelIsServed() {
        for (String channel : List.of("meduzalive", "topwar_official", "demo_empty")) {
            HttpResponse<Buffer> page = call(HttpMethod.GET, "/s/" + channel);
            assertEquals(200, page.statusCode(), channel);
            assertTrue(page.bodyAsString().contains("data-post=\"" + channel + "/"), channel);
        }
    }

    @Test
    void unknownChannel_redirectsToTheBareNameLikeTme() {
        HttpResponse<Buffer> page = call(HttpMethod.GET, "/s/NoSuchChannel/5");
        HttpResponse<Buffer> more = call(HttpMethod.POST, "/s/nosuchchannel?before=5");

        assertEquals(302, page.statusCode());
        assertEquals("/NoSuchChannel", page.getHeader("location"));
        assertEquals(302, more.statusCode());
        assertEquals("/nosuchchannel", more.getHeader("location"));
    }

    @Test
    void unknownChannel_canGetTheContactPageInstead() {
        fake.unknownChannelsAsContactPage(true);

        HttpResponse<Buffer> page = call(HttpMethod.GET, "/s/nosuchchannel");

        assertEquals(200, page.statusCode());
        assertEquals(CONTACT_PAGE, page.bodyAsString());
    }

    @Test
    void preview_withoutARecordingIsTheContactPage() {
        HttpResponse<Buffer> page = call(HttpMethod.GET, "/nosuchchannel");

        assertEquals(200, page.statusCode());
        assertEquals(CONTACT_PAGE, page.bodyAsString());
    }

    @Test
    void more_isAPhpStyleJsonStringOfRealWraps() {
        HttpResponse<Buffer> more = call(HttpMethod.POST, "/s/durov?after=501");

        assertEquals(200, more.statusCode());
        assertEquals("application/json", more.getHeader("content-type"));
        String json = more.bodyAsString();
        assertTrue(json.startsWith("\"<div class=\\\"tgme_widget_message_wrap js-widget_message_wrap\\\">"), json);
        assertTrue(json.contains("https:\\/\\/t.me\\/durov\\/502"), "slashes escaped");
        assertTrue(json.contains("\\ud83d\\udc8e"), "emoji as a surrogate pair");
        String fragment = assertInstanceOf(String.class, Json.decodeValue(json));
        assertTrue(fragment.contains("data-post=\"durov/502\""));
        assertFalse(fragment.contains("data-post=\"durov/501\""));
    }

    @Test
    void mediaAt_pointsEveryCdnUrlAtTheFakeCdn_andReissueGivesNewOnes() {
        fake.mediaAt(java.net.URI.create("http://127.0.0.1:9"));
        String page = call(HttpMethod.GET, "/s/durov").bodyAsString();
        assertFalse(page.contains("https://cdn4.telesco.pe/file/"));
        assertTrue(page.contains("http://127.0.0.1:9/file/g0/EiSFoHsjU0na5"), "durov 481's photo");
        assertTrue(call(HttpMethod.POST, "/s/durov?before=482").bodyAsString().contains("http:\\/\\/127.0.0.1:9\\/file\\/g0\\/"),
                "in a JSON string too, slashes escaped");

        fake.reissueMedia();
        assertEquals(1, fake.mediaGeneration());
        String reissued = call(HttpMethod.GET, "/s/durov").bodyAsString();
        assertTrue(reissued.contains("http://127.0.0.1:9/file/g1/EiSFoHsjU0na5"));
        assertEquals(page.replace("/file/g0/", "/file/g1/"), reissued, "the same page, new links");

        fake.mediaAt(null);
        assertEquals(DUROV_PAGE, call(HttpMethod.GET, "/s/durov").bodyAsString());
    }

    @Test
    void more_nothingLeftIsTheEmptyJsonString() {
        assertEquals("\"\"", call(HttpMethod.POST, "/s/durov?before=481").bodyAsString());
    }

    @Test
    void more_malformedCallsAreRejected() {
        assertEquals(400, call(HttpMethod.POST, "/s/durov").statusCode());
        assertEquals(400, call(HttpMethod.POST, "/s/durov?before=1&after=2").statusCode());
        assertEquals(400, call(HttpMethod.POST, "/s/durov?before=x").statusCode());
        assertEquals(405, call(HttpMethod.POST, "/s/durov/5").statusCode());
        assertEquals(404, call(HttpMethod.GET, "/a/b/c").statusCode());
    }

    @Test
    void knobs_theMostSpecificWins() {
        fake.status(500).status("/s/durov", 503).respond("/s/durov?before=5", 201, "custom", Map.of("x-from", "route"));

        assertEquals(500, call(HttpMethod.GET, "/s/meduzalive").statusCode());
        assertEquals(503, call(HttpMethod.GET, "/s/durov").statusCode());
        HttpResponse<Buffer> custom = call(HttpMethod.POST, "/s/durov?before=5");
        assertEquals(201, custom.statusCode());
        assertEquals("custom", custom.bodyAsString());
        assertEquals("route", custom.getHeader("x-from"));
        assertEquals(503, call(HttpMethod.POST, "/s/durov?before=6").statusCode());
    }

    @Test
    void throttle_answers429WithRetryAfterSeconds() {
        fake.throttle("/s/durov", Duration.ofSeconds(7));

        HttpResponse<Buffer> answer = call(HttpMethod.GET, "/s/durov");

        assertEquals(429, answer.statusCode());
        assertEquals("7", answer.getHeader("retry-after"));
        assertEquals(200, call(HttpMethod.GET, "/s/meduzalive").statusCode());
    }

    @Test
    void throttleWithHeader_sendsTheValueAsGiven() {
        fake.throttleWithHeader("Sun, 10 May 2026 12:01:30 GMT").throttleWithHeader("/s/durov", "7");

        HttpResponse<Buffer> dated = call(HttpMethod.GET, "/s/meduzalive");
        HttpResponse<Buffer> seconds = call(HttpMethod.GET, "/s/durov");

        assertEquals(429, dated.statusCode());
        assertEquals("Sun, 10 May 2026 12:01:30 GMT", dated.getHeader("retry-after"));
        assertEquals("Too Many Requests", dated.bodyAsString());
        assertEquals("7", seconds.getHeader("retry-after"));
    }

    @Test
    void throttleWithJson_sendsTheBotApiBodyAndNoHeader() {
        fake.throttleWithJson(7);

        HttpResponse<Buffer> answer = call(HttpMethod.POST, "/s/durov?before=490");

        assertEquals(429, answer.statusCode());
        assertEquals("application/json", answer.getHeader("content-type"));
        assertNull(answer.getHeader("retry-after"));
        assertEquals("{\"ok\":false,\"error_code\":429,\"description\":\"Too Many Requests: retry after 7\","
                + "\"parameters\":{\"retry_after\":7}}", answer.bodyAsString());
    }

    @Test
    void throttleWithoutHint_isTmesPlainTextWithoutRetryAfter() {
        fake.throttleWithoutHint("/s/durov");

        HttpResponse<Buffer> answer = call(HttpMethod.GET, "/s/durov");

        assertEquals(429, answer.statusCode());
        assertEquals("text/plain; charset=utf-8", answer.getHeader("content-type"));
        assertNull(answer.getHeader("retry-after"));
        assertEquals("Too Many Requests", answer.bodyAsString());
        assertEquals(200, call(HttpMethod.GET, "/s/meduzalive").statusCode());
    }

    @Test
    void respondEverywhere_coversEveryPathAndMethod_pathKnobsStillWin() {
        fake.respondEverywhere(502, Surprises.proxyError(502), Surprises.nginxHeaders())
                .respond("/s/durov", 200, "mine", Map.of());

        for (HttpResponse<Buffer> answer : List.of(call(HttpMethod.GET, "/s/meduzalive"),
                call(HttpMethod.POST, "/s/meduzalive?before=5"), call(HttpMethod.GET, "/durov"),
                call(HttpMethod.GET, "/a/b/c"))) {
            assertEquals(502, answer.statusCode());
            assertEquals("nginx", answer.getHeader("server"));
            assertEquals(Surprises.proxyError(502), answer.bodyAsString());
        }
        assertEquals("mine", call(HttpMethod.GET, "/s/durov").bodyAsString());
    }

    @Test
    void anyChannelAs_servesTheRecordingUnderEveryUnrecordedName() {
        fake.anyChannelAs("durov");

        HttpResponse<Buffer> page = call(HttpMethod.GET, "/s/Chan42");
        HttpResponse<Buffer> positioned = call(HttpMethod.GET, "/s/chan43/490");

        assertEquals(200, page.statusCode());
        String html = page.bodyAsString();
        assertTrue(html.contains("data-post=\"Chan42/502\"") && !html.contains("data-post=\"durov/"), "ids renamed");
        ChannelPage parsed = (ChannelPage) assertInstanceOf(Parsed.Ok.class,
                ChannelPageParser.parse(html, ParserMode.FULL)).value();
        assertEquals("Chan42", parsed.channel().username());
        assertEquals(20, parsed.posts().size());
        assertEquals(200, positioned.statusCode());
        assertTrue(positioned.bodyAsString().contains("data-post=\"chan43/502\""));
        assertEquals(DUROV_PAGE, call(HttpMethod.GET, "/s/durov").bodyAsString(), "the recording itself is unchanged");
        assertTrue(call(HttpMethod.GET, "/s/meduzalive").bodyAsString().contains("data-post=\"meduzalive/"),
                "recorded channels stay themselves");
    }

    @Test
    void anyChannelAs_servesMoreAndPreviewUnderTheAskedName() {
        fake.anyChannelAs("durov");

        String fragment = (String) Json.decodeValue(call(HttpMethod.POST, "/s/chan42?before=503").bodyAsString());
        MorePage more = (MorePage) assertInstanceOf(Parsed.Ok.class, MoreParser.parse(fragment, ParserMode.FULL)).value();
        HttpResponse<Buffer> preview = call(HttpMethod.GET, "/chan42");

        assertTrue(fragment.contains("data-post=\"chan42/502\"") && !fragment.contains("data-post=\"durov/"));
        assertEquals(20, more.posts().size(), "every recorded post is older than 503");
        assertEquals("\"\"", call(HttpMethod.POST, "/s/chan42?before=481").bodyAsString());
        assertEquals(200, preview.statusCode());
        assertTrue(preview.bodyAsString().contains("href=\"/s/chan42\""), "the card links the asked channel");
        assertInstanceOf(Parsed.Ok.class, PreviewParser.parse(preview.bodyAsString()));
    }

    @Test
    void anyChannelAs_hundredDistinctChannelsAreEachServedAndCounted() {
        fake.anyChannelAs("demo_empty");

        for (int i = 0; i < 100; i++) {
            assertEquals(200, call(HttpMethod.GET, "/s/uncached" + i).statusCode());
        }

        assertEquals(100, fake.totalHits());
        assertEquals(1, fake.hits("/s/uncached99"));
        fake.reset();
        assertEquals(302, call(HttpMethod.GET, "/s/uncached1").statusCode(), "reset turns it off");
    }

    @Test
    void arrivals_areRecordedAsRequestsArrive_inOrder_andReset() throws InterruptedException {
        call(HttpMethod.GET, "/s/durov");
        call(HttpMethod.GET, "/s/meduzalive");
        fake.holdRequests();
        Future<HttpResponse<Buffer>> held = web.getAbs(fake.baseUrl() + "/s/durov").send();
        assertTrue(fake.awaitHeld(1, Duration.ofSeconds(60)));

        List<Long> all = fake.arrivals();
        List<Long> durov = fake.arrivals("/s/durov");
        assertEquals(3, all.size(), "a held request has arrived");
        assertTrue(all.get(0) < all.get(1) && all.get(1) < all.get(2), all.toString());
        assertEquals(List.of(all.get(0), all.get(2)), durov);
        assertEquals(List.of(all.get(1)), fake.arrivals("/s/meduzalive"));
        assertEquals(List.of(), fake.arrivals("/s/topwar_official"));
        fake.release();
        assertEquals(200, result(held).statusCode());

        fake.resetHits();
        assertEquals(List.of(), fake.arrivals());
        assertEquals(List.of(), fake.arrivals("/s/durov"));
    }

    @Test
    void delay_onOnePathLeavesOthersFast() {
        fake.delay("/s/durov", Duration.ofSeconds(30));

        assertEquals(200, call(HttpMethod.GET, "/s/meduzalive").statusCode());
        Throwable slow = failure(web.getAbs(fake.baseUrl() + "/s/durov").timeout(200).send());
        assertInstanceOf(TimeoutException.class, slow);
    }

    @Test
    void gate_holdsRequestsUntilReleased() throws InterruptedException {
        fake.holdRequests();

        List<Future<HttpResponse<Buffer>>> calls = IntStream.range(0, 3)
                .mapToObj(i -> web.getAbs(fake.baseUrl() + "/s/durov").send()).toList();

        assertTrue(fake.awaitHeld(3, Duration.ofSeconds(60)));
        assertEquals(3, fake.held());
        assertEquals(3, fake.hits("/s/durov"), "held requests are already counted");
        assertTrue(calls.stream().noneMatch(Future::isComplete));
        fake.release();
        calls.forEach(c -> assertEquals(200, result(c).statusCode()));
        assertEquals(0, fake.held());
    }

    @Test
    void gzip_onlyForClientsThatAcceptIt() {
        fake.gzip(true);

        HttpResponse<Buffer> zipped = result(web.getAbs(fake.baseUrl() + "/s/durov")
                .putHeader("accept-encoding", "gzip, deflate").send());
        HttpResponse<Buffer> plain = call(HttpMethod.GET, "/s/durov");

        assertEquals("gzip", zipped.getHeader("content-encoding"));
        assertEquals(0x1f, zipped.body().getByte(0) & 0xff);
        assertEquals(0x8b, zipped.body().getByte(1) & 0xff);
        assertNull(plain.getHeader("content-encoding"));
        assertEquals(DUROV_PAGE, plain.bodyAsString());
        assertEquals(1, fake.gzippedReplies());
    }

    @Test
    void lastRequest_keepsTheHeadersLowerCased() {
        result(web.getAbs(fake.baseUrl() + "/s/durov").putHeader("X-Test", "1").send());

        FakeTme.Received got = fake.lastRequest("/s/durov").orElseThrow();
        assertEquals("GET", got.method());
        assertEquals("/s/durov", got.uri());
        assertEquals("1", got.headers().get("x-test"));
    }

    @Test
    void reset_clearsKnobsAndCounts() {
        fake.status(500).hang("/s/meduzalive");
        call(HttpMethod.GET, "/s/durov");

        fake.reset();

        assertEquals(0, fake.totalHits());
        assertEquals(200, call(HttpMethod.GET, "/s/durov").statusCode());
        assertEquals(200, call(HttpMethod.GET, "/s/meduzalive").statusCode());
        assertEquals(2, fake.totalHits());
    }

    private static Throwable failure(Future<?> future) {
        try {
            future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("no outcome in 10s", e);
        }
    }
}
