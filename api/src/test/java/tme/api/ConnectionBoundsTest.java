package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No slow or greedy client pins the server's connections, over real sockets: half request lines are closed after
 * {@code HTTP_HEAD_TIMEOUT} while others are answered, a body that never ends is answered 408 and closed, a
 * kept-alive connection is closed after {@code HTTP_IDLE_TIMEOUT} while an SSE stream stays, and connections past
 * {@code MAX_CONNECTIONS} or {@code MAX_CONNECTIONS_PER_ADDRESS} are closed as they come; each counted. And a body
 * of ambiguous length is answered once, 400, and its connection closed: a request hidden in it is never answered.
 */
class ConnectionBoundsTest {

    private static final String CLOSED = "tme_http_connections_closed_total{reason=\"%s\"}";
    private static final String OPEN = "tme_http_connections_open";
    /** A request hidden in a body that a reader of Content-Length takes for body and a reader of chunks does not. */
    private static final String SMUGGLED = "0\r\n\r\nGET /v1/body/durov HTTP/1.1\r\nHost: localhost\r\n\r\n";

    @Test
    void halfRequestLines_areClosedAfterTheHeadDeadline_whileANormalClientIsAnswered() throws IOException {
        try (TestServer server = new TestServer(Map.of("HTTP_HEAD_TIMEOUT", "1s"))) {
            List<Socket> slow = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                Socket socket = Wire.open(server);
                Wire.send(socket, "GET /v1/body/durov HT");
                slow.add(socket);
            }

            assertEquals(List.of(200), Wire.statuses(Wire.get(server, "127.0.0.1", "/healthz")));
            for (Socket socket : slow) {
                assertEquals("", Wire.untilClosed(socket), "closed without an answer");
                socket.close();
            }
            assertEquals(200, Wire.metric(server, CLOSED.formatted("head_timeout")));
        }
    }

    @Test
    void aBodyThatNeverEnds_isAnswered408_andClosed() {
        try (TestServer server = new TestServer(Map.of("HTTP_BODY_TIMEOUT", "1s"));
             Socket socket = Wire.open(server)) {
            Wire.send(socket, "POST /v1/previews HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n6\r\n{\"chan\r\n");

            String answer = Wire.untilClosed(socket);

            assertEquals(List.of(408), Wire.statuses(answer), answer);
            assertTrue(answer.contains("\"code\":\"request_timeout\""), answer);
            assertTrue(Wire.lower(answer).contains("connection: close"), answer);
            assertEquals(1, Wire.metric(server, CLOSED.formatted("body_timeout")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Arguments> ambiguousBodies() {
        String json = "Content-Type: application/json\r\n";
        return Stream.of(
                Arguments.of("Content-Length with chunked", "POST /v1/previews HTTP/1.1\r\nHost: localhost\r\n" + json
                        + "Content-Length: " + SMUGGLED.length() + "\r\nTransfer-Encoding: chunked\r\n\r\n" + SMUGGLED),
                Arguments.of("chunked in HTTP/1.0", "POST /v1/previews HTTP/1.0\r\nHost: localhost\r\n" + json
                        + "Connection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n" + SMUGGLED),
                Arguments.of("a coding before chunked", "POST /v1/previews HTTP/1.1\r\nHost: localhost\r\n" + json
                        + "Transfer-Encoding: gzip, chunked\r\n\r\n" + SMUGGLED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ambiguousBodies")
    void aBodyOfAmbiguousLength_isAnsweredOnce400_andItsConnectionClosed(String name, String request) {
        try (TestServer server = new TestServer(Map.of());
             Socket socket = Wire.open(server)) {
            Wire.send(socket, request);

            String answers = Wire.untilClosed(socket);

            assertEquals(List.of(400), Wire.statuses(answers), "the hidden GET is never answered: " + answers);
            assertTrue(answers.contains("\"code\":\"malformed_request\""), answers);
            assertEquals(1, Wire.metric(server, CLOSED.formatted("framing")));
            assertEquals(0, server.tme.totalHits(), "nothing reached t.me");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aPlainChunkedBody_isRead() {
        try (TestServer server = new TestServer(Map.of());
             Socket socket = Wire.open(server)) {
            String body = "{\"channels\":[\"durov\"]}";
            Wire.send(socket, "POST /v1/previews HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(body.length())
                    + "\r\n" + body + "\r\n0\r\n\r\n");

            assertEquals(List.of(200), Wire.statuses(Wire.untilClosed(socket)));
            assertEquals(0, Wire.metric(server, CLOSED.formatted("framing")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void connectionsPastThePerAddressCap_areClosedAsTheyCome_andOtherAddressesServed() throws IOException {
        try (TestServer server = new TestServer(Map.of("MAX_CONNECTIONS_PER_ADDRESS", "3"))) {
            List<Socket> held = keptAlive(server, 3);

            try (Socket fourth = Wire.open(server)) {
                Wire.send(fourth, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertEquals("", Wire.untilClosed(fourth), "closed as it came, unanswered");
            }

            assertEquals(List.of(200), Wire.statuses(Wire.get(server, "127.0.0.2", "/healthz")));
            assertEquals(1, Wire.metric(server, "127.0.0.2", CLOSED.formatted("address_cap")));
            // The /healthz connection above may not be closed on the server's side yet (it learns of a close on its
            // own time, later on a busy machine): the gauge comes down to the three held and the asking one.
            FleetAwait.until("the three held and the one asking",
                    () -> Wire.metric(server, "127.0.0.2", OPEN) == 3 + 1,
                    () -> "open: " + Wire.metric(server, "127.0.0.2", OPEN));
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void connectionsPastTheServerCap_areClosedAsTheyCome() throws IOException {
        try (TestServer server = new TestServer(Map.of("MAX_CONNECTIONS", "3"))) {
            List<Socket> held = keptAlive(server, 3);

            try (Socket fourth = Wire.open(server, "127.0.0.2")) {
                Wire.send(fourth, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertEquals("", Wire.untilClosed(fourth), "closed as it came, unanswered");
            }
            held.getFirst().close();
            // The server learns of that close on its own time: until then a new connection is refused too, and counted.
            int refusedMeanwhile = 0;
            long refused;
            while (true) {
                String answer = Wire.get(server, "127.0.0.1", "/metrics");
                if (!answer.isEmpty()) {
                    refused = served(answer, CLOSED.formatted("server_cap"));
                    break;
                }
                refusedMeanwhile++;
            }
            assertEquals(1 + refusedMeanwhile, refused);
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void aKeptAliveConnection_isClosedWhenIdle_anSseStreamIsNot() throws IOException {
        // One loop: one sweep looks at both connections, the stream's deadline passing no later than the other's.
        try (TestServer server = new TestServer(Map.of("HTTP_IDLE_TIMEOUT", "1s", "STREAM_HEARTBEAT", "60s",
                "EVENT_LOOPS", "1"));
             Socket stream = Wire.open(server)) {
            Wire.send(stream, "GET /v1/stream?channels=durov HTTP/1.1\r\nHost: localhost\r\n"
                    + "Accept: text/event-stream\r\n\r\n");
            String head = streamHead(stream);
            assertEquals(List.of(200), Wire.statuses(head), head);

            List<Socket> idle = keptAlive(server, 1);
            assertEquals("", Wire.untilClosed(idle.getFirst()), "closed once idle");
            idle.getFirst().close();

            assertStillOpen(stream);
            assertEquals(1, Wire.metric(server, CLOSED.formatted("idle")), "the kept-alive connection alone");
        }
    }

    /** {@code count} connections from 127.0.0.1, each answered once and kept alive: each surely let in. */
    private static List<Socket> keptAlive(TestServer server, int count) {
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Socket socket = Wire.open(server);
            Wire.send(socket, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertEquals(List.of(200), Wire.statuses(Wire.answer(socket)));
            sockets.add(socket);
        }
        return sockets;
    }

    private static String streamHead(Socket socket) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.indexOf("\r\n\r\n") < 0) {
            int b = socket.getInputStream().read();
            if (b < 0) {
                throw new AssertionError("stream closed: " + head);
            }
            head.append((char) b);
        }
        return head.toString();
    }

    /** Nothing to read and no end: a closed stream would show its end at once (its close went out before). */
    private static void assertStillOpen(Socket socket) throws IOException {
        socket.setSoTimeout(500);
        try {
            byte[] buffer = new byte[8192];
            for (int n = socket.getInputStream().read(buffer); ; n = socket.getInputStream().read(buffer)) {
                assertTrue(n >= 0, "the stream was closed");
            }
        } catch (SocketTimeoutException stillOpen) {
            // what an open, quiet stream does
        }
    }

    private static long served(String metrics, String series) {
        for (String line : metrics.split("\n")) {
            if (line.startsWith(series + " ")) {
                return (long) Double.parseDouble(line.substring(series.length() + 1).trim());
            }
        }
        throw new AssertionError(series + " is not served: " + metrics);
    }
}
