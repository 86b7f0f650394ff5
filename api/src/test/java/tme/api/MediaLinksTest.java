package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.FakeCdn;

/**
 * Durable media links in redirect mode (the default), against the fake t.me and a fake CDN: every media item of a
 * page carries {@code stable_url}, which redirects to the item's current {@code url}; after t.me reissues its links
 * and {@code MEDIA_URL_TTL} has passed, every redirect names the new link, and a burst costs one t.me request.
 */
class MediaLinksTest {

    /** A media URL is trusted for 10 minutes here; a post page stays fresh for an hour, so only the URL's age reloads. */
    private static final Map<String, String> FOLLOWING = Map.of("MEDIA_HOSTS", "http://127.0.0.1",
            "MEDIA_URL_TTL", "10m", "CACHE_TTL_PAGE", "1h", "TELEGRAM_TIMEOUT", "30s");

    private final Vertx cdnVertx = Vertx.vertx();
    private final FakeCdn cdn = FakeCdn.start(cdnVertx);
    private final FleetClient client = new FleetClient();
    private CacheFleet fleet = CacheFleet.withoutRedis();

    @AfterEach
    void stop() {
        client.close();
        fleet.close();
        cdn.close();
        TestServer.await(cdnVertx.close());
    }

    @Test
    void album_everyItemCarriesStableUrl_thatRedirectsToItsUrl() {
        TestServer server = fleet.server();
        JsonArray media = TestServer.json(server.get("/v1/post/meduzalive/141890")).getJsonObject("content")
                .getJsonArray("media");
        assertEquals(3, media.size());
        for (int i = 0; i < 3; i++) {
            JsonObject item = media.getJsonObject(i);
            assertEquals("/v1/media/meduzalive/141890/" + i, item.getString("stable_url"));
            HttpResponse<String> redirect = server.get(item.getString("stable_url"));
            assertEquals(302, redirect.statusCode());
            assertEquals(item.getString("url"), redirect.headers().firstValue("location").orElseThrow());
            assertTrue(item.getString("url").startsWith("https://cdn4.telesco.pe/file/"), item.getString("url"));
            assertEquals("public, max-age=43200", redirect.headers().firstValue("cache-control").orElseThrow());
        }
        HttpResponse<String> head = server.send(server.request("/v1/media/meduzalive/141890/2")
                .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(302, head.statusCode());
        assertEquals(media.getJsonObject(2).getString("url"), head.headers().firstValue("location").orElseThrow());
        assertEquals(1, fleet.tme.hits("/s/meduzalive/141890"), "the post's entry answers every redirect");
        assertEquals(4, Fleet.metric(server, "tme_media_redirects_total"), "three GETs and a HEAD");
    }

    @Test
    void videoThumbAndAvatar_redirectToTheirUrls_fromTheEntriesPostAndBodyAnswer() {
        TestServer server = fleet.server();
        JsonObject video = TestServer.json(server.get("/v1/post/durov/489")).getJsonObject("content")
                .getJsonArray("media").getJsonObject(0);
        assertEquals("video", video.getString("type"));
        assertEquals("/v1/media/durov/489/0/thumb", video.getString("stable_thumb"));
        assertEquals(video.getString("thumb"), location(server.get(video.getString("stable_thumb"))));
        assertEquals(video.getString("url"), location(server.get("/v1/media/durov/489/0")));
        JsonObject channel = TestServer.json(server.get("/v1/body/durov")).getJsonObject("channel");
        assertEquals("/v1/media/durov/avatar", channel.getString("stable_avatar"));
        assertEquals(channel.getString("avatar"), location(server.get("/v1/media/durov/avatar")));
        assertEquals(1, fleet.tme.hits("/s/durov"), "the avatar comes from the latest page's entry");
        assertEquals(1, fleet.tme.hits("/s/durov/489"));
    }

    @Test
    void unknownPostIndexOrKind_is404_badInput_is422() {
        TestServer server = fleet.server();
        assertProblem(server.get("/v1/media/durov/489/1"), 404, "media_not_found");
        assertProblem(server.get("/v1/media/durov/481/0/thumb"), 404, "media_not_found");
        assertProblem(server.get("/v1/media/durov/482/0"), 404, "media_not_found");
        assertProblem(server.get("/v1/media/durov/1000/0"), 404, "post_not_found");
        assertProblem(server.get("/v1/media/zzqxnonexistent/avatar"), 404, "channel_not_found");
        assertEquals("post", problem(server.get("/v1/media/durov/abc/0"), 422).getString("parameter"));
        assertEquals("n", problem(server.get("/v1/media/durov/489/x"), 422).getString("parameter"));
        assertEquals("n", problem(server.get("/v1/media/durov/489/100"), 422).getString("parameter"));
        assertEquals("channel", problem(server.get("/v1/media/a-b/489/0"), 422).getString("parameter"));
    }

    @Test
    void afterReissueAndUrlTtl_everyRedirectNamesTheNewLink_andTwentyCostOneTmeRequest() throws Exception {
        fleet.tme.mediaAt(cdn.baseUrl());
        TestServer server = fleet.server(FOLLOWING);
        String first = location(server.get("/v1/media/durov/481/0"));
        assertTrue(first.startsWith(cdn.baseUrl() + "/file/g0/"), first);
        assertEquals(1, fleet.tme.hits("/s/durov/481"));

        fleet.tme.reissueMedia();
        fleet.clock.advance(Duration.ofMinutes(9));
        assertEquals(first, location(server.get("/v1/media/durov/481/0")), "younger than MEDIA_URL_TTL: kept");
        assertEquals("public, max-age=60", server.get("/v1/media/durov/481/0").headers().firstValue("cache-control")
                .orElseThrow(), "cacheable only for what is left of the URL's use");
        assertEquals(1, fleet.tme.hits("/s/durov/481"));

        fleet.clock.advance(Duration.ofMinutes(2));
        fleet.tme.holdRequests();
        List<CompletableFuture<HttpResponse<byte[]>>> burst = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            burst.add(client.send(server, "/v1/media/durov/481/0"));
        }
        FleetAwait.until("20 reloads asked", () -> Fleet.metric(server, "tme_media_reloads_total{reason=\"age\"}") == 20,
                () -> Fleet.metrics(server).toString());
        fleet.tme.release();
        String renewed = first.replace("/file/g0/", "/file/g1/");
        for (CompletableFuture<HttpResponse<byte[]>> reply : burst) {
            HttpResponse<byte[]> response = reply.get(30, TimeUnit.SECONDS);
            assertEquals(302, response.statusCode());
            assertEquals(renewed, response.headers().firstValue("location").orElseThrow());
        }
        assertEquals(2, fleet.tme.hits("/s/durov/481"), "one reload for twenty readers");
        assertEquals(renewed, location(server.get("/v1/media/durov/481/0")));
        assertEquals(2, fleet.tme.hits("/s/durov/481"));
    }

    @Test
    void fleet_twoServersOnRedis_reloadAnExpiredLinkOnce() throws Exception {
        fleet.close();
        fleet = CacheFleet.withRedis();
        fleet.tme.mediaAt(cdn.baseUrl());
        TestServer a = fleet.server(FOLLOWING);
        TestServer b = fleet.server(FOLLOWING);
        String first = location(a.get("/v1/media/durov/498/0"));
        assertEquals(first, location(b.get("/v1/media/durov/498/0")), "b reads a's entry from Redis");
        assertEquals(1, fleet.tme.hits("/s/durov/498"));

        fleet.tme.reissueMedia();
        fleet.clock.advance(Duration.ofMinutes(11));
        fleet.tme.holdRequests();
        List<CompletableFuture<HttpResponse<byte[]>>> burst = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            burst.add(client.send(a, "/v1/media/durov/498/0"));
            burst.add(client.send(b, "/v1/media/durov/498/0"));
        }
        String reloads = "tme_media_reloads_total{reason=\"age\"}";
        FleetAwait.until("10 reloads asked on each", () -> Fleet.metric(a, reloads) == 10 && Fleet.metric(b, reloads) == 10,
                () -> Fleet.metrics(a) + "\n" + Fleet.metrics(b));
        fleet.tme.release();
        String renewed = first.replace("/file/g0/", "/file/g1/");
        for (CompletableFuture<HttpResponse<byte[]>> reply : burst) {
            assertEquals(renewed, reply.get(30, TimeUnit.SECONDS).headers().firstValue("location").orElseThrow());
        }
        assertEquals(2, fleet.tme.hits("/s/durov/498"), "one t.me request for the fleet's twenty readers");
    }

    @Test
    void mediaOffTheHostList_is502_andNoRedirect() {
        fleet.tme.mediaAt(cdn.baseUrl());
        TestServer server = fleet.server();
        HttpResponse<String> refused = server.get("/v1/media/durov/481/0");
        assertProblem(refused, 502, "media_host_refused");
        assertTrue(refused.headers().firstValue("location").isEmpty());
        assertEquals(1, Fleet.metric(server, "tme_media_hosts_refused_total"));
    }

    @Test
    void graphql_mediaAndChannelCarryTheSameStableLinks() {
        TestServer server = fleet.server();
        JsonObject data = Gql.data(server, "{ post(channel: \"durov\", id: 489) { content { media { type stable_url"
                + " stable_thumb } } } body(channel: \"durov\") { channel { avatar stable_avatar } } }");
        assertEquals(new JsonObject().put("type", "video").put("stable_url", "/v1/media/durov/489/0")
                        .put("stable_thumb", "/v1/media/durov/489/0/thumb"),
                data.getJsonObject("post").getJsonObject("content").getJsonArray("media").getJsonObject(0));
        assertEquals("/v1/media/durov/avatar", data.getJsonObject("body").getJsonObject("channel").getString("stable_avatar"));
    }

    @Test
    void postGoneAfterItsLinkExpired_is410() {
        TestServer server = fleet.server(Map.of("MEDIA_URL_TTL", "10m", "CACHE_TTL_PAGE", "1h"));
        location(server.get("/v1/media/durov/481/0"));
        fleet.tme.respond("/s/durov/481", 200, tme.scraper.testing.Fixtures.read("s-meduzalive-2026-05-hortay.html"),
                Map.of("content-type", "text/html; charset=utf-8"));
        fleet.clock.advance(Duration.ofMinutes(11));
        assertProblem(server.get("/v1/media/durov/481/0"), 410, "media_gone");
        assertEquals(2, fleet.tme.hits("/s/durov/481"));
        assertProblem(server.get("/v1/post/durov/481"), 404, "post_not_found");
    }

    @Test
    void publicUrl_feedsLinkThereForSelfAndMedia_withoutIt_tmesUrlsStay() {
        TestServer withUrl = fleet.server(Map.of("PUBLIC_URL", "https://tme.example.org/"));
        TestServer without = fleet.server();
        Set<String> stable = new TreeSet<>();
        Set<String> cdn = new TreeSet<>();
        for (Object post : TestServer.json(withUrl.get("/v1/body/durov")).getJsonObject("content").getJsonArray("posts")) {
            JsonArray media = ((JsonObject) post).getJsonObject("content").getJsonArray("media", new JsonArray());
            for (Object item : media) {
                JsonObject m = (JsonObject) item;
                if (m.getString("stable_url") != null) {
                    stable.add("https://tme.example.org" + m.getString("stable_url"));
                    cdn.add(m.getString("url"));
                }
            }
        }
        assertEquals(7, stable.size(), stable.toString());
        String atom = withUrl.get("/v1/feed?channels=durov&format=atom").body();
        assertEquals(stable, enclosures(atom));
        assertTrue(atom.contains("<link rel=\"self\" href=\"https://tme.example.org/v1/feed?channels=durov&amp;format=atom\" />"),
                atom.substring(0, 600));
        assertTrue(atom.contains("<icon>https://tme.example.org/v1/media/durov/avatar</icon>"));
        assertEquals(cdn, enclosures(without.get("/v1/feed?channels=durov&format=atom").body()));
        String rss = withUrl.get("/v1/feed?channels=durov&format=rss").body();
        Set<String> rssEnclosures = new TreeSet<>();
        Matcher enclosure = Pattern.compile("<enclosure url=\"([^\"]*)\"").matcher(rss);
        while (enclosure.find()) {
            rssEnclosures.add(enclosure.group(1));
        }
        assertEquals(stable, rssEnclosures);

        JsonObject jsonFeed = TestServer.json(withUrl.get("/v1/feed?channels=durov&format=jsonfeed"));
        assertEquals("https://tme.example.org/v1/feed?channels=durov&format=jsonfeed", jsonFeed.getString("feed_url"));
        Set<String> attachments = new TreeSet<>();
        for (Object item : jsonFeed.getJsonArray("items")) {
            for (Object attachment : ((JsonObject) item).getJsonArray("attachments", new JsonArray())) {
                attachments.add(((JsonObject) attachment).getString("url"));
            }
        }
        assertEquals(stable, attachments);
        JsonObject photo = jsonFeed.getJsonArray("items").stream().map(JsonObject.class::cast)
                .filter(item -> item.getString("id").equals("https://t.me/durov/498")).findFirst().orElseThrow();
        assertEquals("https://tme.example.org/v1/media/durov/498/0", photo.getString("image"));
        assertTrue(photo.getString("content_html").contains("<img src=\"https://tme.example.org/v1/media/durov/498/0\">"),
                "the HTML's picture too: " + photo.getString("content_html"));
    }

    /** Every Atom enclosure's href, unescaped. */
    private static Set<String> enclosures(String atom) {
        Set<String> hrefs = new TreeSet<>();
        Matcher link = Pattern.compile("<link rel=\"enclosure\" type=\"[^\"]*\" href=\"([^\"]*)\"").matcher(atom);
        while (link.find()) {
            hrefs.add(link.group(1).replace("&amp;", "&"));
        }
        return hrefs;
    }

    static String location(HttpResponse<String> response) {
        assertEquals(302, response.statusCode(), response.body());
        return response.headers().firstValue("location").orElseThrow();
    }

    static void assertProblem(HttpResponse<String> response, int status, String code) {
        assertEquals(code, problem(response, status).getString("code"), response.body());
    }

    static JsonObject problem(HttpResponse<String> response, int status) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals("application/problem+json; charset=utf-8", response.headers().firstValue("content-type").orElseThrow());
        return new JsonObject(response.body());
    }
}
