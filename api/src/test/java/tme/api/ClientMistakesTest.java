package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Client mistakes cost the client a 4xx and the server one log line at most (issue 25): malformed forms, bodies,
 * escapes and headers are answered 4xx in the problem shape, never 500, and write no stack trace; a client hanging up
 * mid-body is counted ({@code tme_http_bodies_abandoned_total}), not logged; a body past {@code HTTP_BODY_TIMEOUT} is
 * answered 408 and counted once ({@code body_timeout}), not logged. The server's diagnostic log is read
 * where it is written, at the root of {@code java.util.logging}, for each request.
 */
class ClientMistakesTest {

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String BOUNDARY = "multipart/form-data; boundary=xyz";
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static TestServer server;
    private static final LogLines log = new LogLines();

    @BeforeAll
    static void start() {
        Logger.getLogger("").addHandler(log);
        server = new TestServer();
    }

    @AfterAll
    static void stop() {
        server.close();
        Logger.getLogger("").removeHandler(log);
    }

    @AfterEach
    void serverServesOn() {
        assertEquals(200, server.get("/healthz").statusCode());
    }

    /** (method, target, content type or null, body or null, status, code). */
    static Stream<Arguments> mistakes() {
        return Stream.of(
                // Forms Netty's decoder cannot read (issue 25's list), and their kin.
                post("/websub", FORM, "=x", 400),
                post("/websub", FORM, "a=%zz", 400),
                post("/websub", FORM, "a=%", 400),
                post("/websub", FORM, "a=%1", 400),
                post("/websub", FORM, "hub.mode=%E0%A4%A", 400),
                post("/websub", FORM + "; charset=no-such-charset", "hub.mode=subscribe", 422, "invalid_parameter"),
                post("/websub", BOUNDARY, part("") + "--xyz--\r\n", 400),
                post("/websub", BOUNDARY, "--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--\r\n", 400),
                post("/websub", BOUNDARY, "--xyz\r\nno headers at all", 415, "unsupported_media_type"),
                post("/websub", "multipart/form-data", "--xyz--\r\n", 415, "unsupported_media_type"),
                post("/websub", "multipart/form-data; boundary=", "----\r\n", 400),
                post("/websub", "text/plain", "hub.mode=subscribe", 415, "unsupported_media_type"),
                // JSON bodies: not JSON, wrong types, lenient values.
                post("/v1/previews", "application/json", "{\"channels\":", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "{\"channels\":[null]}", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "\"durov\"", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "\u00ff\u00fe", 422, "invalid_parameter"),
                post("/v1/previews", FORM, "=x", 422, "invalid_parameter"),
                post("/v1/previews", BOUNDARY, part(""), 422, "invalid_parameter"),
                post("/v1/feed", "application/json", "{\"channels\":[\"durov\"],\"min_views\":null}", 422,
                        "invalid_parameter"),
                post("/v1/feed", "application/json", "{\"channels\":[\"durov\"],\"limit\":\"5\"}", 422,
                        "invalid_parameter"),
                post("/v1/feed", "application/json", "{\"channels\":[\"durov\"],\"forwards\":null}", 422,
                        "invalid_parameter"),
                post("/v1/feed", FORM, "a=%zz", 422, "invalid_parameter"),
                // GraphQL bodies.
                post("/graphql", "application/json", "{\"query\":", 400),
                post("/graphql", "application/json", "{\"query\":1}", 400),
                post("/graphql", "application/json", "{\"query\":\"{ __typename }\",\"extensions\":[null,null]}", 400),
                post("/graphql", "application/json", "{\"query\":\"{ __typename }\",\"variables\":[1]}", 400),
                post("/graphql", "application/json", "{\"query\":\"{ __typename }\",\"operationName\":7}", 400),
                post("/graphql", "application/json", "[{\"query\":\"{ __typename }\"}]", 400),
                post("/graphql", FORM, "query=%zz", 400),
                post("/graphql", BOUNDARY, part(""), 400),
                post("/graphql", "text/plain", "{ __typename }", 415, "unsupported_media_type"),
                // Bad percent-escapes in paths and query strings.
                get("/v1/body/durov%", 400),
                get("/v1/body/%E0%A4%A", 400),
                get("/v1/body/durov?position=%zz", 400),
                get("/v1/feed?channels=%zz", 400),
                get("/v1/feed?channels=durov&include=%", 400),
                get("/v1/search/durov?q=%zz", 400),
                get("/graphql?query=%7B%zz", 400),
                get("/graphql?query=%7B%20__typename%20%7D&variables=%zz", 400),
                get("/v1/stream?channels=%zz", 400),
                get("/v1/media/durov/1/%zz", 400),
                // A route that reads no query string does not decode it (so this is only the form's mistake).
                request("POST", "/websub?hub.mode=%zz", FORM, "hub.mode=subscribe", 422, "invalid_parameter"));
    }

    @ParameterizedTest(name = "{0} {1} {2}: {4}")
    @MethodSource("mistakes")
    void mistake_isA4xxProblem_andAtMostOneLogLine(String method, String target, String type, String body,
                                                   int status, String code) {
        int before = log.size();
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.ISO_8859_1);
        String answer = raw(method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + (body == null ? "" : "Content-Length: " + content.length + "\r\n") + "\r\n", content);

        assertEquals(status, statusOf(answer), answer);
        assertEquals(code, codeOf(answer), answer);
        log.assertAtMostOneLineSince(before, method + " " + target);
    }

    @Test
    void hugeHeaders_andHugeUris_areRefused_withoutALogLine() {
        int before = log.size();
        String huge = "X-Huge: " + "h".repeat(20_000) + "\r\n";
        String headers = raw("GET /v1/body/durov HTTP/1.1\r\nHost: localhost\r\n" + huge + "Connection: close\r\n\r\n",
                new byte[0]);
        String uri = raw("GET /v1/feed?channels=" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Connection: close\r\n\r\n", new byte[0]);

        assertEquals(431, statusOf(headers), headers);
        assertEquals("malformed_request", codeOf(headers));
        assertEquals(414, statusOf(uri), uri);
        assertEquals("malformed_request", codeOf(uri));
        String headUri = raw("HEAD /v1/feed?channels=" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Connection: close\r\n\r\n", new byte[0]);
        assertEquals(414, statusOf(headUri), headUri);
        assertTrue(headUri.endsWith("\r\n\r\n"), "a HEAD's 414 has no body: " + headUri);
        log.assertAtMostOneLineSince(before, "431 and 414"); // one line for both: neither logs
    }

    @Test
    void hangUpsMidBody_areCounted_notLogged() {
        int before = log.size();
        double counted = abandoned(server);
        List<String> routes = List.of("/v1/previews", "/graphql", "/websub", "/v1/feed");
        for (String route : routes) {
            String type = route.equals("/websub") ? FORM : "application/json";
            hangUp("POST " + route + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + type
                    + "\r\nContent-Length: 1000\r\n\r\n{\"channels\":[");
        }
        hangUp("POST /websub HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + BOUNDARY
                + "\r\nContent-Length: 1000\r\n\r\n" + part("hub.mode"));
        hangUp("POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
                + "\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"que\r\n");

        awaitAbandoned(counted + routes.size() + 2);
        List<String> written = log.since(before);
        assertTrue(written.isEmpty(), "a hang-up is counted, not logged: " + written);
    }

    /**
     * A body past {@code HTTP_BODY_TIMEOUT} is answered 408 and closed by the server: counted once, as
     * {@code body_timeout}, neither as a hang-up nor logged (the route sees its connection close under it).
     */
    @Test
    void bodiesPastTheirDeadline_are408_countedOnceAsTimedOut_notLogged() {
        // One loop: the hang-up sent last is handled after every timed-out request's close, the loop's tasks in order.
        try (TestServer slow = new TestServer(Map.of("HTTP_BODY_TIMEOUT", "1s", "EVENT_LOOPS", "1"))) {
            int before = log.size();
            List<String> routes = List.of("/v1/previews", "/graphql", "/websub", "/v1/feed");
            for (String route : routes) {
                String answer = raw(slow, "POST " + route + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                        + (route.equals("/websub") ? FORM : "application/json") + "\r\nContent-Length: 1000\r\n\r\n",
                        "{\"channels\":[".getBytes(StandardCharsets.ISO_8859_1));
                assertEquals(408, statusOf(answer), answer);
                assertEquals("request_timeout", codeOf(answer), answer);
            }
            hangUp(slow, "POST /v1/previews HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
                    + "\r\nContent-Length: 1000\r\n\r\n{\"channels\":[");

            awaitAbandoned(slow, 1);
            assertEquals(routes.size(), PrometheusText.of(slow)
                    .value("tme_http_connections_closed_total{reason=\"body_timeout\"}"));
            log.assertAtMostOneLineSince(before, "bodies past HTTP_BODY_TIMEOUT");
        }
    }

    private static double abandoned(TestServer at) {
        return PrometheusText.of(at).value("tme_http_bodies_abandoned_total");
    }

    private static void awaitAbandoned(double expected) {
        awaitAbandoned(server, expected);
    }

    private static void awaitAbandoned(TestServer at, double expected) {
        Instant deadline = Instant.now().plus(DEADLINE);
        while (abandoned(at) < expected) {
            assertTrue(Instant.now().isBefore(deadline), "hang-ups counted " + abandoned(at) + ", expected " + expected);
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
        assertEquals(expected, abandoned(at), "each hang-up counted once");
    }

    private static void hangUp(String partial) {
        hangUp(server, partial);
    }

    /** Sends a request's head and part of its body, then closes the connection without reading. */
    private static void hangUp(TestServer at, String partial) {
        try (Socket socket = new Socket("127.0.0.1", at.server.actualPort())) {
            socket.getOutputStream().write(partial.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String part(String name) {
        return "--xyz\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\nvalue\r\n";
    }

    private static String raw(String head, byte[] body) {
        return raw(server, head, body);
    }

    private static String raw(TestServer at, String head, byte[] body) {
        try (Socket socket = new Socket("127.0.0.1", at.server.actualPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(body);
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int statusOf(String answer) {
        assertTrue(answer.startsWith("HTTP/1."), "an answer: " + answer); // 1.0 for a request line cut short
        return Integer.parseInt(answer.substring(9, 12));
    }

    /** The problem's code: each mistake is answered in the problem shape. */
    private static String codeOf(String answer) {
        String head = answer.substring(0, answer.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT);
        assertTrue(head.contains("content-type: application/problem+json"), head);
        return new JsonObject(answer.substring(answer.indexOf("\r\n\r\n") + 4)).getString("code");
    }

    private static Arguments get(String target, int status) {
        return request("GET", target, null, null, status, "malformed_request");
    }

    private static Arguments post(String target, String type, String body, int status) {
        return request("POST", target, type, body, status, "malformed_request");
    }

    private static Arguments post(String target, String type, String body, int status, String code) {
        return request("POST", target, type, body, status, code);
    }

    private static Arguments request(String method, String target, String type, String body, int status) {
        return request(method, target, type, body, status, "malformed_request");
    }

    private static Arguments request(String method, String target, String type, String body, int status, String code) {
        return Arguments.of(method, target, type, body, status, code);
    }

    /** The lines the server's diagnostic log would print: each record's message lines and its stack trace's. */
    private static final class LogLines extends Handler {

        private final List<LogRecord> records = new CopyOnWriteArrayList<>();

        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                records.add(record);
            }
        }

        int size() {
            return records.size();
        }

        List<String> since(int index) {
            return records.subList(index, records.size()).stream().map(LogLines::text).toList();
        }

        void assertAtMostOneLineSince(int index, String what) {
            List<LogRecord> written = records.subList(index, records.size());
            long lines = written.stream().mapToLong(record -> text(record).lines().count()).sum();
            assertTrue(lines <= 1, what + " wrote " + lines + " log lines: " + since(index));
            assertTrue(written.stream().noneMatch(record -> record.getLevel().intValue() >= Level.SEVERE.intValue()),
                    what + " logged SEVERE: " + since(index));
        }

        private static String text(LogRecord record) {
            StringWriter text = new StringWriter();
            text.append(record.getLevel().getName()).append(' ').append(String.valueOf(record.getMessage()));
            if (record.getThrown() != null) {
                text.append('\n');
                record.getThrown().printStackTrace(new PrintWriter(text));
            }
            return text.toString();
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
