package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tme.redis.testing.TestClock;

/**
 * What a schemathesis run checks, from the project itself (issue 25): for every operation of the served
 * {@code /openapi.json}, answers real requests provoke (normal, conditional, refused, not found, limited, shed,
 * too long, too large, too slow, of ambiguous length) validate against the response the operation declares for their status and media type. With
 * no exception list: an answer is checked against its own operation only, never against "what any path may answer"
 * ({@link ApiContract#validate}'s fallback), so a status an operation can answer and does not declare fails here.
 * The last test checks every operation was exercised, and that each status seen is one its operation declares.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DocumentedAnswersTest {

    private static final String LONG_QUERY = "?x=" + "a".repeat(9_000);
    private static final String HUGE_HEADER = "X-Huge: " + "h".repeat(20_000) + "\r\n";
    private static final List<String> STORED = List.of("/v1/body/durov", "/v1/more/durov/before/490",
            "/v1/post/durov/490", "/v1/preview/durov", "/v1/search/durov?q=telegram", "/v1/feed?channels=durov",
            "/feeds/durov.atom", "/telegram/channel/durov", "/telegram/channel/durov/includeFwd=0");
    /** An OPML file of one RSSHub feed, as a reader exports it. */
    private static final String OPML = "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>r</title></head><body>"
            + "<outline text=\"d\" xmlUrl=\"https://rsshub.app/telegram/channel/durov\"/></body></opml>";
    private static final List<String> EXEMPT = List.of("/healthz", "/readyz", "/metrics", "/openapi.json", "/docs");
    /** The operations that take a body. */
    private static final List<String> BODIES = List.of("/v1/previews", "/v1/feed", "/graphql", "/websub");

    private static Vertx validating;
    private static ApiContract contract;
    /** Statuses seen, by operation id. */
    private static final Map<String, Set<Integer>> seen = new TreeMap<>();

    @BeforeAll
    static void readTheServedDocument() {
        validating = Vertx.vertx();
        try (TestServer serving = new TestServer()) {
            contract = ApiContract.of(validating, new JsonObject(serving.get("/openapi.json").body()));
        }
    }

    @AfterAll
    static void closeValidator() {
        TestServer.await(validating.close());
    }

    @Test
    @Order(1)
    void normalAnswers_conditionalAnswers_andRefusals() {
        try (TestServer server = new TestServer(Map.of())) {
            Calls calls = new Calls(server);
            for (String path : STORED) {
                String etag = checked(calls, "GET", path, 200).header("ETag").orElseThrow();
                checked(calls, "HEAD", path, 200);
                checked(calls, "GET", path, 304, "If-None-Match", etag);
                checked(calls, "HEAD", path, 304, "If-None-Match", etag);
                checked(calls, "GET", path, 304, "If-None-Match", "*"); // RFC 9110 13.1.2: any representation
            }
            checked(calls, "GET", "/v1/feed?channels=durov,meduzalive&format=atom", 200);
            checked(calls, "GET", "/v1/feed?channels=durov", 303, "Accept", "application/atom+xml");
            checked(calls, "GET", "/feeds.opml?channels=durov,meduzalive", 200);
            checked(calls, "HEAD", "/feeds.opml?channels=durov", 200);
            checked(calls, "GET", "/feeds.opml?channels=bad-name", 422);
            checked(calls, "HEAD", "/feeds.opml?channels=durov&format=xml", 422);
            posted(calls, "/v1/opml/import", "text/x-opml", OPML, 200);
            posted(calls, "/v1/opml/import", "application/xml", "<rss/>", 422);
            posted(calls, "/v1/opml/import", "text/plain", OPML, 415);
            checked(calls, "HEAD", "/v1/feed?channels=durov", 303, "Accept", "application/rss+xml");
            for (String path : List.of("/v1/body/zzqxnonexistent", "/v1/more/zzqxnonexistent/before/5",
                    "/v1/post/durov/484", "/v1/preview/zzqxnonexistent", "/v1/search/zzqxnonexistent?q=x",
                    "/v1/media/durov/489/4", "/v1/media/durov/489/4/thumb")) {
                checked(calls, "GET", path, 404);
                checked(calls, "HEAD", path, 404);
            }
            for (String path : List.of("/v1/body/ab", "/v1/more/durov/sideways/5", "/v1/post/durov/0",
                    "/v1/preview/bad-name", "/v1/search/durov?q=%20", "/v1/feed?channels=bad-name",
                    "/v1/media/durov/0/0", "/v1/media/durov/0/0/thumb", "/v1/media/bad-name/avatar",
                    "/feeds/durov.txt", "/telegram/channel/bad-name", "/telegram/channel/bad-name/includeFwd=0")) {
                checked(calls, "GET", path, 422);
                checked(calls, "HEAD", path, 422);
            }
            checked(calls, "GET", "/?channels=durov,%40meduzalive,zzqxnonexistent,bad-name", 200);
            checked(calls, "HEAD", "/", 200);
            for (String path : List.of("/v1/media/durov/489/0", "/v1/media/durov/489/0/thumb", "/v1/media/durov/avatar",
                    "/graphiql")) {
                checked(calls, "GET", path, 302);
                if (!path.equals("/graphiql")) {
                    checked(calls, "HEAD", path, 302);
                }
            }
            for (String path : EXEMPT) {
                checked(calls, "GET", path, 200);
                checked(calls, "HEAD", path, 200);
            }
            for (String path : List.of("/openapi.json", "/docs")) {
                String etag = checked(calls, "GET", path, 200).header("ETag").orElseThrow();
                checked(calls, "GET", path, 304, "If-None-Match", etag);
                checked(calls, "HEAD", path, 304, "If-None-Match", etag);
            }
            checked(calls, "GET", "/graphiql/index.html", 200);
            bodies(calls, "http://127.0.0.1:" + server.server.actualPort());
            graphql(calls);
            try (InputStream open = stream(server, "/v1/stream?channels=durov", 200)) {
                assertNotNull(open);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            checked(calls, "GET", "/v1/stream?channels=bad-name", 422);
            checked(calls, "GET", "/v1/history/durov?limit=3", 200);
            checked(calls, "GET", "/v1/history/durov?limit=0", 422);
            checked(calls, "GET", "/v1/history/zzqxnonexistent", 404);
            malformed(calls);
        }
    }

    /** The routes that take a body: answers, refusals, bodies too large or unreadable. */
    private static void bodies(Calls calls, String origin) {
        String tooLarge = "{\"channels\":[\"" + "a".repeat(70_000) + "\"]}";
        for (String path : List.of("/v1/previews", "/v1/feed")) {
            posted(calls, path, "application/json", "{\"channels\":[\"durov\",\"zzqxnonexistent\"]}", 200);
            posted(calls, path, "application/json", "{\"channels\":[]}", 422);
            posted(calls, path, "application/json", "not json", 422);
            posted(calls, path, "application/json", tooLarge, 413);
        }
        posted(calls, "/v1/feed", "application/json", "{\"channels\":[\"durov\"],\"min_views\":null}", 422);
        String form = "application/x-www-form-urlencoded";
        posted(calls, "/websub", form, "hub.mode=subscribe&hub.topic=" + enc(origin + "/v1/feed?channels=durov&format=atom")
                + "&hub.callback=" + enc("http://127.0.0.1:1/callback"), 403);
        posted(calls, "/websub", form, "hub.mode=sideways", 422);
        posted(calls, "/websub", "text/plain", "hub.mode=subscribe", 415);
        posted(calls, "/websub", form, "=x", 400);
        posted(calls, "/websub", form, "a=%zz", 400);
        posted(calls, "/websub", "multipart/form-data; boundary=xyz",
                "--xyz\r\nContent-Disposition: form-data; name=\"\"\r\n\r\nx\r\n--xyz--\r\n", 400);
        posted(calls, "/websub", form, "a=" + "b".repeat(70_000), 413);
    }

    private static void graphql(Calls calls) {
        String query = "{ preview(channel: \"durov\") { channel { title } } }";
        checked(calls, "GET", "/graphql?query=" + enc(query), 200);
        checked(calls, "GET", "/graphql?query=" + enc(query) + "&variables=" + enc("{}"), 200);
        checked(calls, "GET", "/graphql?query=" + enc("{ nothing }"), 200); // errors[] in a 200, as GraphQL does
        checked(calls, "GET", "/graphql?query=%20", 400);
        checked(calls, "GET", "/graphql?query=" + enc(query) + "&variables=%5B1%5D", 400);
        String post = new JsonObject().put("query", query).encode();
        posted(calls, "/graphql", "application/json", post, 200);
        posted(calls, "/graphql", "application/graphql", query, 200);
        posted(calls, "/graphql", "application/json", "{\"query\":\"{ __typename }\",\"extensions\":[null,null]}", 400);
        posted(calls, "/graphql", "application/json", "{\"query\":\"  \"}", 400);
        posted(calls, "/graphql", "text/plain", query, 415);
        posted(calls, "/graphql", "application/json", "{\"query\": \"" + "x".repeat(70_000) + "\"}", 413);
    }

    /** Requests HTTP cannot carry or the router cannot decode, on every operation they can reach. */
    private static void malformed(Calls calls) {
        for (String path : List.of("/v1/body/durov?position=%zz", "/v1/more/durov/before/%zz", "/v1/post/durov/%zz",
                "/v1/preview/%zz", "/v1/search/durov?q=%zz", "/v1/feed?channels=%zz", "/v1/stream?channels=%zz",
                "/v1/media/durov/%zz/0", "/v1/media/durov/489/%zz/thumb", "/v1/media/%zz/avatar",
                "/graphql?query=%zz")) {
            raw(calls, "GET", path, "", 400);
            if (!path.startsWith("/v1/stream") && !path.startsWith("/graphql")) {
                raw(calls, "HEAD", path, "", 400);
            }
        }
        List<String> everyPath = new ArrayList<>(List.of("/v1/body/durov", "/v1/more/durov/before/490",
                "/v1/post/durov/490", "/v1/preview/durov", "/v1/search/durov", "/v1/feed", "/v1/stream", "/graphql",
                "/v1/media/durov/489/0", "/v1/media/durov/489/0/thumb", "/v1/media/durov/avatar", "/", "/graphiql",
                "/graphiql/index.html"));
        everyPath.addAll(EXEMPT);
        for (String path : everyPath) {
            raw(calls, "GET", path + LONG_QUERY, "", 414);
            raw(calls, "GET", path, HUGE_HEADER, 431);
            if (!Set.of("/v1/stream", "/graphql", "/graphiql", "/graphiql/index.html").contains(path)) {
                // A HEAD too long to decode stays a HEAD (Netty makes it a GET): its 414 without a body.
                assertEquals(0, raw(calls, "HEAD", path + LONG_QUERY, "", 414).body().length, "HEAD " + path);
                raw(calls, "HEAD", path, HUGE_HEADER, 431);
            }
        }
        for (String path : BODIES) {
            raw(calls, "POST", path + LONG_QUERY, "", 414);
            raw(calls, "POST", path, HUGE_HEADER, 431);
            ambiguous(calls, path);
        }
    }

    /**
     * {@code Content-Length} with {@code Transfer-Encoding} (RFC 9112 §6.3: a body whose length a proxy may read
     * otherwise): 400 {@code malformed_request}, the connection closed, no second answer for what hides in the body.
     */
    private static void ambiguous(Calls calls, String path) {
        String smuggled = "0\r\n\r\nGET /v1/body/durov HTTP/1.1\r\nHost: localhost\r\n\r\n";
        HttpAnswer answer = validated("POST", path, 400, calls.raw("POST " + path + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: " + typeOf(path) + "\r\nContent-Length: " + smuggled.length()
                + "\r\nTransfer-Encoding: chunked\r\n\r\n", smuggled.getBytes(StandardCharsets.ISO_8859_1)));
        assertEquals("malformed_request", answer.json().getString("code"), path);
        assertEquals(-1, answer.text().indexOf("HTTP/1.1"), "one answer: " + answer);
    }

    /** {@code CLIENT_RATE}: a client past its rate is refused 429 on every operation but the exempt ones. */
    @Test
    @Order(2)
    void aClientOverItsRate_is429_everywhereButTheExemptRoutes() {
        // The limiter reads the server's clock: a test clock that stands still refills no token.
        try (TestServer server = new TestServer(Map.of("CLIENT_RATE", "1", "CLIENT_BURST", "1"), new TestClock(),
                null)) {
            Calls calls = new Calls(server);
            calls.get("/v1/nothing");
            List<String> paths = new ArrayList<>(STORED);
            paths.addAll(List.of("/v1/media/durov/489/0", "/v1/media/durov/489/0/thumb", "/v1/media/durov/avatar", "/"));
            for (String path : paths) {
                assertEquals("client_rate_limited", checked(calls, "GET", path, 429).json().getString("code"));
                checked(calls, "HEAD", path, 429);
            }
            checked(calls, "GET", "/graphql?query=" + enc("{ __typename }"), 429);
            checked(calls, "GET", "/v1/stream?channels=durov", 429);
            for (String path : List.of("/v1/previews", "/v1/feed", "/graphql", "/websub")) {
                posted(calls, path, "application/json", "{\"channels\":[\"durov\"]}", 429);
            }
            for (String path : EXEMPT) {
                checked(calls, "GET", path, 200);
            }
        }
    }

    /**
     * {@code CLIENT_UPSTREAM_SHARE}: a client past its share of the t.me budget gets 429 {@code client_upstream_limited}
     * on every route that would load, and a feed or a batch it is part of says so per channel inside a 200. Shares
     * bind while another client waits for t.me: one asks first (through a trusted proxy), and on the clock standing
     * still it waits for the whole test.
     */
    @Test
    @Order(3)
    void aClientPastItsUpstreamShare_is429_andPerChannelInsideA200() {
        try (TestServer server = new TestServer(Map.of("TELEGRAM_RATE", "5", "TELEGRAM_BURST", "2",
                "CLIENT_UPSTREAM_SHARE", "0.25", "TRUSTED_PROXIES", "127.0.0.1/32"), new TestClock(), null)) {
            server.tme.anyChannelAs("durov");
            assertEquals(200, server.get("/v1/body/waiting", "CF-Connecting-IP", "192.0.2.1").statusCode());
            Calls calls = new Calls(server);
            int loads = 0;
            while (calls.get("/v1/body/spray" + loads).status() != 429) {
                loads++;
                assertTrue(loads < 20, "the share is spent within 20 loads");
            }
            for (String path : List.of("/v1/body/other", "/v1/more/other/before/490", "/v1/post/other/490",
                    "/v1/preview/other", "/v1/search/other?q=x")) {
                assertEquals("client_upstream_limited", checked(calls, "GET", path, 429).json().getString("code"));
                checked(calls, "HEAD", path, 429);
            }
            assertEquals("client_upstream_limited", checked(calls, "GET", "/v1/history/other", 429).json()
                    .getString("code"));
            JsonObject feed = checked(calls, "GET", "/v1/feed?channels=other,another", 200).json();
            assertTrue(feed.encode().contains("client_upstream_limited"), feed.encode());
            posted(calls, "/v1/feed", "application/json", "{\"channels\":[\"other\"]}", 200);
            posted(calls, "/v1/previews", "application/json", "{\"channels\":[\"other\"]}", 200);
            posted(calls, "/graphql", "application/json",
                    new JsonObject().put("query", "{ preview(channel: \"other\") { channel { title } } }").encode(), 200);
        }
    }

    /** Shed: more requests wait for t.me than {@code MAX_WAITING_REQUESTS} allows, and t.me failing. */
    @Test
    @Order(4)
    void shedAndUpstreamFailures_are503() {
        try (TestServer server = new TestServer(Map.of("MAX_WAITING_REQUESTS", "1", "TELEGRAM_MAX_CONCURRENCY", "1"))) {
            Calls calls = new Calls(server);
            server.tme.anyChannelAs("durov").holdRequests();
            CompletableFuture<HttpResponse<String>> waiting = server.http().sendAsync(
                    server.request("/v1/body/waiting").build(), HttpResponse.BodyHandlers.ofString());
            FleetAwait.held(server.tme, 1);
            for (String path : List.of("/v1/body/shed", "/v1/more/shed/before/5", "/v1/post/shed/5", "/v1/preview/shed",
                    "/v1/search/shed?q=x")) {
                assertEquals("overloaded", checked(calls, "GET", path, 503).json().getString("code"));
                checked(calls, "HEAD", path, 503);
            }
            assertEquals("overloaded", checked(calls, "GET", "/v1/history/shed", 503).json().getString("code"));
            server.tme.reset();
            waiting.join();
            server.tme.status(500);
            checked(calls, "GET", "/v1/feed?channels=failing", 200); // the feed is served, its error inside
            checked(calls, "GET", "/v1/media/failing/1/0", 503);
            checked(calls, "HEAD", "/v1/media/failing/1/0", 503);
        }
    }

    /** {@code /v1/stream}'s caps: 429 for a client's, 503 for the server's; a WebSub subscription accepted. */
    @Test
    @Order(5)
    void streamCaps_are429And503_andASubscriptionIs202() {
        try (TestServer server = new TestServer(Map.of("STREAM_MAX_CLIENTS", "2", "STREAM_MAX_PER_CLIENT", "1",
                "TRUSTED_PROXIES", "127.0.0.1/32", "WEBSUB_ALLOW_PRIVATE", "true"))) {
            Calls calls = new Calls(server);
            try (InputStream first = stream(server, "/v1/stream?channels=durov", 200, "X-Forwarded-For", "10.0.0.1")) {
                checked(calls, "GET", "/v1/stream?channels=durov", 429, "X-Forwarded-For", "10.0.0.1");
                try (InputStream second = stream(server, "/v1/stream?channels=durov", 200, "X-Forwarded-For",
                        "10.0.0.2")) {
                    checked(calls, "GET", "/v1/stream?channels=durov", 503, "X-Forwarded-For", "10.0.0.3");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            posted(calls, "/websub", "application/x-www-form-urlencoded", "hub.mode=subscribe&hub.topic="
                    + enc("http://127.0.0.1:" + server.server.actualPort() + "/v1/feed?channels=durov&format=atom")
                    + "&hub.callback="
                    + enc("http://127.0.0.1:1/callback"), 202);
        }
    }

    /**
     * {@code HTTP_BODY_TIMEOUT}: a body that never comes whole is answered 408 {@code request_timeout} and its
     * connection closed, on every operation that takes one; all four wait out the deadline together.
     */
    @Test
    @Order(6)
    void aBodyThatNeverComesWhole_is408_onEveryOperationTakingOne() throws Exception {
        try (TestServer server = new TestServer(Map.of("HTTP_BODY_TIMEOUT", "1s"));
             ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            Calls calls = new Calls(server);
            List<Future<HttpAnswer>> answers = new ArrayList<>();
            for (String path : BODIES) {
                answers.add(clients.submit(() -> calls.raw("POST " + path + " HTTP/1.1\r\n"
                        + "Host: localhost\r\nContent-Type: " + typeOf(path) + "\r\nContent-Length: 100\r\n\r\n",
                        "{\"channels\":[".getBytes(StandardCharsets.ISO_8859_1))));
            }
            for (int i = 0; i < BODIES.size(); i++) {
                HttpAnswer answer = validated("POST", BODIES.get(i), 408, answers.get(i).get());
                assertEquals("request_timeout", answer.json().getString("code"), BODIES.get(i));
            }
        }
    }

    private static String typeOf(String path) {
        return path.equals("/websub") ? "application/x-www-form-urlencoded" : "application/json";
    }

    @Test
    @Order(100)
    void everyOperation_wasExercised_andEveryStatusSeenIsDeclared() {
        Map<String, Set<Integer>> declared = contract.declaredStatuses();
        assertEquals(declared.keySet(), seen.keySet(), "operations exercised");
        seen.forEach((operation, statuses) -> assertTrue(declared.get(operation).containsAll(statuses),
                operation + " answered " + statuses + ", declares " + declared.get(operation)));
    }

    private static HttpAnswer checked(Calls calls, String method, String target, int status, String... headers) {
        HttpAnswer answer = Codings.decoded(calls.send(method, target, null, null, headers));
        return validated(method, target, status, answer);
    }

    private static HttpAnswer posted(Calls calls, String path, String type, String body, int status) {
        return validated("POST", path, status, calls.post(path, type, body));
    }

    private static HttpAnswer raw(Calls calls, String method, String target, String headers, int status) {
        HttpAnswer answer = calls.raw(method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n" + headers
                + "Connection: close\r\n\r\n", new byte[0]);
        String path = target.length() > 200 ? target.substring(0, target.indexOf('?')) : target;
        return validated(method, path, status, answer);
    }

    /** A stream's head (its body never ends): validated, and the stream left open for the caller to close. */
    private static InputStream stream(TestServer server, String target, int status, String... headers) {
        HttpResponse<InputStream> response;
        try {
            response = server.http().send(server.request(target, headers).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        Map<String, List<String>> names = new LinkedHashMap<>();
        response.headers().map().forEach((name, values) -> names.put(name.toLowerCase(Locale.ROOT), values));
        validated("GET", target, status, new HttpAnswer(response.statusCode(), names, firstMessage(response.body())));
        return response.body();
    }

    /** The stream's bytes up to its first blank line: its first message (the retry hint and a comment). */
    private static byte[] firstMessage(InputStream stream) {
        java.io.ByteArrayOutputStream read = new java.io.ByteArrayOutputStream();
        try {
            int previous = -1;
            for (int b = stream.read(); b >= 0; b = stream.read()) {
                read.write(b);
                if (b == '\n' && previous == '\n') {
                    break;
                }
                previous = b;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return read.toByteArray();
    }

    private static HttpAnswer validated(String method, String target, int status, HttpAnswer answer) {
        assertEquals(status, answer.status(), method + " " + target + ": " + answer);
        String operation = contract.operationId(method, target);
        assertNotNull(operation, method + " " + target + " is no documented operation");
        contract.validateOperation(operation, method + " " + target, answer);
        synchronized (seen) {
            seen.computeIfAbsent(operation, id -> new TreeSet<>()).add(status);
        }
        return answer;
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
