package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.CacheHttp.header;

import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The buffers behind hits go back to Netty, whatever the answer: every coding, HEAD, 304, problems, connections
 * reset before their answer is written, answers completed on another event loop; with Netty's leak detector at
 * paranoid (every buffer tracked) and the production server on the native transport, as {@link Main#main} runs it.
 */
class HitBuffersLeakTest {

    private static final String BODY = "/v1/body/durov";
    private static final Map<String, String> ENV = Map.of("EVENT_LOOPS", "2");

    @Test
    void hitsOfEveryKind_leakNoBuffer() {
        try (LeakWatch leaks = new LeakWatch()) {
            Vertx vertx = Vertx.vertx(Main.vertxOptions(Config.fromEnv(Map.of())));
            assertTrue(vertx.isNativeTransportEnabled(), "epoll loads on this Linux machine");
            try (TestServer server = new TestServer(vertx, ENV, InstantSource.system(), null)) {
                byte[] identity = everyKindOfAnswer(server);
                for (int round = 0; round < 5; round++) {
                    assertArrayEquals(identity, everyKindOfAnswer(server));
                }
                assertEquals(1, server.tme.hits("/s/durov"), "one load; everything else was a hit");
            }
            assertEquals(List.of(), leaks.drain());
        }
    }

    /** One of each answer the hit path writes; returns the identity body. */
    private static byte[] everyKindOfAnswer(TestServer server) {
        HttpResponse<byte[]> plain = CacheHttp.get(server, BODY);
        assertEquals(200, plain.statusCode());
        assertEquals("zstd", header(CacheHttp.get(server, BODY, "Accept-Encoding", "zstd"), "Content-Encoding"));
        assertEquals(200, CacheHttp.get(server, BODY, "Accept-Encoding", "gzip").statusCode());
        assertEquals(304, CacheHttp.get(server, BODY, "If-None-Match", header(plain, "ETag")).statusCode());
        assertEquals(Integer.toString(plain.body().length), header(server.send(server.request(BODY)
                .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build()), "Content-Length"));
        assertEquals(404, CacheHttp.get(server, "/v1/nosuch").statusCode());
        assertEquals(422, CacheHttp.get(server, "/v1/body/no$such").statusCode());
        for (int reset = 0; reset < 10; reset++) {
            resetBeforeTheAnswer(server);
        }
        return plain.body();
    }

    /** Sends a request and resets the connection at once (SO_LINGER 0): the answer's write fails. */
    private static void resetBeforeTheAnswer(TestServer server) {
        try (Socket socket = new Socket("127.0.0.1", server.server.actualPort())) {
            socket.setSoLinger(true, 0);
            socket.getOutputStream().write(("GET " + BODY + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
