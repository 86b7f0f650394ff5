package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two API servers and a refresher on one real Redis and one fake t.me, {@code REFRESH_INTERVAL=2s}: a post edited and
 * another deleted on t.me reach every stream that asked for {@code events=edited,deleted} once, whichever process
 * loaded the page; the Atom feed shows the new text with a later {@code updated} and no longer holds the deleted
 * post, and {@code /v1/body} no longer shows it.
 *
 * <p>On the test's own clock: "once" is asserted with a marker edit made after the first two changes (the next event
 * of each stream is the marker's, nothing in between), never as "nothing arrived within X s"; waits are generous
 * deadlines ({@link FleetAwait#DEADLINE}), not latency bounds.
 */
class EditsFleetTest {

    private static final Duration PUSHED_WITHIN = FleetAwait.DEADLINE;
    private static final Map<String, String> ENV = Map.of("REFRESH_INTERVAL", "2s", "REFRESH_TICK", "100ms",
            "MEMORY_CACHE_MAX_TTL", "1s", "STREAM_HEARTBEAT", "1s",
            // Answers outlive the test: only a change found can make the feed show it.
            "CACHE_TTL_LATEST", "10m", "CACHE_TTL_PAGE", "10m");
    private static final String FEED = "/v1/feed?channels=telegram&format=atom";
    private static final String AROUND_501 = "/v1/body/telegram?position=501";

    private final List<AutoCloseable> owned = new ArrayList<>();
    private Fleet fleet;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable one : owned.reversed()) {
            one.close();
        }
        fleet.close();
    }

    @Test
    void anEditAndADeletion_reachEveryStreamOnce_andLeaveTheFeedAndTheBody() {
        fleet = new Fleet(2, ENV, InstantSource.system());
        fleet.tme.anyChannelAs("durov");
        refresher();
        TestServer a = fleet.server(0);
        TestServer b = fleet.server(1);
        SseClient onA = stream(a, "edited,deleted");
        SseClient onB = stream(b, "edited,deleted");
        SseClient postsOnly = stream(b, null);
        fleet.awaitBaseline("telegram");
        String feedBefore = a.get(FEED).body();
        Instant publishedAt = updated(entry(feedBefore, 502));
        assertTrue(entry(feedBefore, 500) != null, "500 in the feed before");
        assertTrue(a.get("/v1/body/telegram").body().contains("\"id\":500"));
        assertTrue(a.get(AROUND_501).body().contains("\"id\":500"), "the page around 501, cached");

        fleet.tme.edit("telegram", 502, "Edited on t.me").delete("telegram", 500);

        for (SseClient stream : List.of(onA, onB)) {
            List<SseClient.Message> changes = List.of(next(stream), next(stream));
            SseClient.Message edited = changes.stream().filter(m -> m.event().equals("edited")).findFirst().orElseThrow(
                    () -> new AssertionError("no edited event: " + changes));
            SseClient.Message deleted = changes.stream().filter(m -> m.event().equals("deleted")).findFirst()
                    .orElseThrow(() -> new AssertionError("no deleted event: " + changes));
            JsonObject post = new JsonObject(edited.data()).getJsonObject("post");
            assertEquals(502, post.getInteger("id"));
            assertEquals("Edited on t.me", post.getJsonObject("content").getJsonObject("text").getString("string"));
            assertEquals(true, post.getJsonObject("footer").getBoolean("edited"));
            assertEquals(32, new JsonObject(edited.data()).getString("previous_text_digest").length());
            assertEquals(new JsonObject().put("channel", "telegram").put("id", 500), new JsonObject(deleted.data()));
        }
        fleet.tme.edit("telegram", 501, "A marker edit, made after the first two");
        for (SseClient stream : List.of(onA, onB)) {
            SseClient.Message marker = next(stream);
            assertEquals("edited", marker.event(), "the next event is the marker's: nothing twice before it");
            assertEquals(501, new JsonObject(marker.data()).getJsonObject("post").getInteger("id"));
        }
        int post = fleet.tme.publish("telegram", "A new post");
        assertEquals(List.of(post), postsOnly.postIdsUpTo(post, PUSHED_WITHIN), "a posts-only stream: no edits");

        for (TestServer server : List.of(a, b)) {
            FleetAwait.until("the feed shows the edit and lacks 500", () -> {
                String feed = server.get(FEED).body();
                return entry(feed, 500) == null && entry(feed, 502) != null && entry(feed, 502).contains("Edited on t.me");
            }, () -> server.get(FEED).body());
            String entry = entry(server.get(FEED).body(), 502);
            assertTrue(updated(entry).isAfter(publishedAt), "updated moved: " + entry);
            assertEquals(publishedAt, published(entry), "published stays");
            HttpResponse<String> body = server.get("/v1/body/telegram");
            assertEquals(200, body.statusCode());
            assertFalse(body.body().contains("\"id\":500"), "500 gone from /v1/body");
            FleetAwait.until("the page around 501 lacks 500", () -> !server.get(AROUND_501).body().contains("\"id\":500"),
                    () -> server.get(AROUND_501).body());
        }
    }

    @Test
    void anEditAndADeletion_resendTheWholeFeedToWebSubSubscribers_once() {
        Map<String, String> env = new HashMap<>(ENV);
        env.putAll(Map.of("WEBSUB_ALLOW_PRIVATE", "true", "WEBSUB_TIMEOUT", "10s", "WEBSUB_DELIVERY_LEASE", "12s",
                "REDIS_TIMEOUT", "2s"));
        fleet = new Fleet(2, env, InstantSource.system());
        fleet.tme.anyChannelAs("durov");
        refresher();
        Subscriber subscriber = new Subscriber();
        owned.add(subscriber);
        TestServer a = fleet.server(0);
        String topic = "http://127.0.0.1:" + a.server.actualPort() + FEED;
        assertEquals(202, subscribe(a, subscriber, topic).statusCode());
        assertNotNull(subscriber.nextVerification(PUSHED_WITHIN));
        fleet.awaitBaseline("telegram");

        fleet.tme.edit("telegram", 502, "Edited on t.me").delete("telegram", 500);
        Subscriber.Received resent = subscriber.nextDelivery(PUSHED_WITHIN);

        assertNotNull(resent, "no delivery within " + PUSHED_WITHIN);
        assertTrue(entry(resent.text(), 502).contains("Edited on t.me"), resent.text());
        assertEquals(null, entry(resent.text(), 500), "500 left the feed");
        assertTrue(String.valueOf(entry(resent.text(), 481)).contains("https://t.me/telegram/481"),
                "the whole feed, older posts too: " + resent.text());
        assertEquals(null, resent.headers().get("X-Hub-Resync"));
        int marker = fleet.tme.publish("telegram", "A marker published after the changes");
        Subscriber.Received next = subscriber.nextDelivery(PUSHED_WITHIN);
        assertNotNull(next, "no delivery within " + PUSHED_WITHIN);
        assertTrue(String.valueOf(entry(next.text(), marker)).contains("A marker published after the changes"),
                "the next delivery is the marker's: the feed was not sent twice: " + next.text());
        assertEquals(null, entry(next.text(), 502), "only the new post");
    }

    private static HttpResponse<String> subscribe(TestServer server, Subscriber subscriber, String topic) {
        String form = "hub.mode=subscribe&hub.topic=" + java.net.URLEncoder.encode(topic, StandardCharsets.UTF_8)
                + "&hub.callback=" + java.net.URLEncoder.encode(subscriber.callback("/cb"), StandardCharsets.UTF_8)
                + "&hub.lease_seconds=3600";
        try (java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient()) {
            return http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:"
                            + server.server.actualPort() + "/websub"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(form))
                    .header("Content-Type", "application/x-www-form-urlencoded").build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void anUnknownEventKind_is422NamingEvents() {
        fleet = new Fleet(1, ENV, InstantSource.system());
        HttpResponse<String> bad = fleet.server(0).get("/v1/stream?channels=telegram&events=post,renamed");

        assertEquals(422, bad.statusCode());
        assertEquals("events", TestServer.json(bad).getString("parameter"));
    }

    private SseClient.Message next(SseClient stream) {
        SseClient.Message event = stream.nextEvent(PUSHED_WITHIN);
        assertNotNull(event, "no event within " + PUSHED_WITHIN);
        return event;
    }

    /** The Atom entry of post {@code id} of telegram, or null. */
    private static String entry(String feed, int id) {
        Matcher entry = Pattern.compile("<entry>.*?</entry>", Pattern.DOTALL).matcher(feed);
        while (entry.find()) {
            if (entry.group().contains("<id>https://t.me/telegram/" + id + "</id>")) {
                return entry.group();
            }
        }
        return null;
    }

    private static Instant updated(String entry) {
        return Instant.parse(field(entry, "updated"));
    }

    private static Instant published(String entry) {
        return Instant.parse(field(entry, "published"));
    }

    private static String field(String entry, String name) {
        Matcher value = Pattern.compile("<" + name + ">([^<]+)</" + name + ">").matcher(entry);
        assertTrue(value.find(), name + " in " + entry);
        return value.group(1);
    }

    private SseClient stream(TestServer server, String events) {
        String path = "/v1/stream?channels=telegram" + (events == null ? "" : "&events=" + events);
        SseClient client = new SseClient(server.server.actualPort(), path);
        owned.add(client);
        assertEquals(200, client.response.statusCode());
        return client;
    }


    /** A refresher in this process on the fleet's Redis and fake t.me. */
    private void refresher() {
        Map<String, String> env = new HashMap<>(ENV);
        env.put("REDIS_URL", fleet.redis.url());
        env.put("ROLE", "refresher");
        TestServer refresher = new TestServer(env, InstantSource.system(), fleet.tme);
        owned.add(refresher);
    }
}
