package tme.api.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The callbacks' door out: {@link GuardedClient} on the {@link PublicAddresses} rule, against a real server listening
 * on every loopback form (IPv4 and IPv6) that counts the connections it is offered. Every loopback spelling is
 * refused with no connection made; the same server is reached when the address rule is lifted (so the count works);
 * a redirect is handed back, not followed; the request goes to the address the rule checked.
 */
class GuardedClientCallbacksTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static Vertx vertx;
    private static HttpServer server;
    private static Resolver resolver;
    private static final AtomicInteger connections = new AtomicInteger();
    // "METHOD path host body" of each request the server took.
    private static final List<String> requests = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer()
                .connectionHandler(connection -> connections.incrementAndGet())
                .requestHandler(request -> request.body().onSuccess(body -> {
                    requests.add(request.method() + " " + request.path() + " " + request.authority() + " " + body);
                    if (request.path().equals("/redirect")) {
                        request.response().setStatusCode(302).putHeader("Location", "/target").end();
                    } else {
                        request.response().setStatusCode(204).end();
                    }
                }))
                .listen(0, "::").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        // callback.example is ours alone: the system's DNS does not know it.
        resolver = new Resolver(vertx, host -> host.equals("callback.example")
                ? new InetAddress[] {InetAddress.getByName("127.0.0.1")} : InetAddress.getAllByName(host),
                2, 64, Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() throws Exception {
        resolver.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @BeforeEach
    void clear() {
        connections.set(0);
        requests.clear();
    }

    @Test
    void everyLoopbackAndPrivateForm_refusedWithNoConnectionMade() throws Exception {
        int port = server.actualPort();
        List<String> forms = List.of("127.0.0.1", "localhost", "2130706433", "0.0.0.0", "[::1]", "[::]",
                "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::127.0.0.1]", "[64:ff9b::7f00:1]", "10.0.0.1",
                "192.168.1.1", "169.254.169.254", "[fe80::1]", "[fd00::1]", "0x7f000001");
        try (GuardedClient client = client(false)) {
            for (String host : forms) {
                URI url = URI.create("http://" + host + ":" + port + "/cb");
                GuardedClient.Outcome outcome = PublicAddressesTest.await(
                        client.open(HttpMethod.POST, url, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer("x")));
                GuardedClient.Outcome.Refused refused = assertInstanceOf(GuardedClient.Outcome.Refused.class,
                        outcome, host);
                assertTrue(refused.reason().endsWith("not a public address")
                        || refused.reason().equals("hub.callback's host does not resolve: 0x7f000001"),
                        host + ": " + refused.reason());
            }
        }
        assertEquals(0, connections.get());
        assertEquals(List.of(), requests);
    }

    @Test
    void addressRuleLifted_theSameServerIsReached_withThePostsBody() throws Exception {
        try (GuardedClient client = client(true)) {
            GuardedClient.Outcome.Opened opened = assertInstanceOf(GuardedClient.Outcome.Opened.class,
                    PublicAddressesTest.await(client.open(HttpMethod.POST, url("127.0.0.1", "/cb"),
                            MultiMap.caseInsensitiveMultiMap().add("X-Hub-Signature", "sha1=ab"),
                            Buffer.buffer("posts"))));
            assertEquals(204, opened.response().statusCode());
        }
        assertEquals(1, connections.get());
        assertEquals(List.of("POST /cb 127.0.0.1:" + server.actualPort() + " posts"), requests);
    }

    @Test
    void redirectFromACallback_handedBackNotFollowed() throws Exception {
        try (GuardedClient client = client(true)) {
            GuardedClient.Outcome.Opened opened = get(client, url("127.0.0.1", "/redirect"));
            assertEquals(302, opened.response().statusCode());
            assertEquals(url("127.0.0.1", "/redirect"), opened.url());
        }
        assertEquals(List.of("GET /redirect 127.0.0.1:" + server.actualPort() + " "), requests);
    }

    @Test
    void theRequestGoesToTheAddressChecked_underTheUrlsHostName() throws Exception {
        try (GuardedClient client = client(true)) {
            GuardedClient.Outcome.Opened opened = get(client, url("callback.example", "/cb"));
            assertEquals(204, opened.response().statusCode());
        }
        assertEquals(List.of("GET /cb callback.example:" + server.actualPort() + " "), requests);
    }

    private static GuardedClient.Outcome.Opened get(GuardedClient client, URI url) throws Exception {
        return assertInstanceOf(GuardedClient.Outcome.Opened.class, PublicAddressesTest.await(
                client.open(HttpMethod.GET, url, MultiMap.caseInsensitiveMultiMap())));
    }

    private static GuardedClient client(boolean allowPrivate) {
        return new GuardedClient(vertx, new PublicAddresses("hub.callback", resolver, allowPrivate),
                new GuardedClient.Limits(TIMEOUT, 0, 64 * 1024, 4));
    }

    private static URI url(String host, String path) {
        return URI.create("http://" + host + ":" + server.actualPort() + path);
    }
}
