package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * A corpus of hostile requests: each gets a clear 4xx in the JSON problem shape, none reaches t.me, and the server
 * answers normally afterwards. One server for the whole corpus, so a request that broke it would fail the ones
 * after it too.
 */
class HostileRequestsTest {

    private static final String LONG_NAME = "a".repeat(300);
    private static final String HUGE_PATH = "/v1/body/" + "a".repeat(5_000);
    private static TestServer server;

    @BeforeAll
    static void start() {
        server = new TestServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** (method, path, content type or null, body or null, status, code). */
    static Stream<Arguments> corpus() {
        return Stream.of(
                // Channel names: too long, not Latin, traversal- and injection-like, control characters.
                get("/v1/body/" + LONG_NAME, 422, "invalid_parameter"),
                get(HUGE_PATH, 414, "malformed_request"),
                get("/v1/body/%D0%B4%D1%83%D1%80%D0%BE%D0%B2", 422, "invalid_parameter"),
                get("/v1/body/..%2F..%2Fetc%2Fpasswd", 422, "invalid_parameter"),
                get("/v1/body/durov%27%20OR%201%3D1--", 422, "invalid_parameter"),
                get("/v1/body/%3Cscript%3Ealert(1)%3C%2Fscript%3E", 422, "invalid_parameter"),
                get("/v1/body/durov%00", 422, "invalid_parameter"),
                get("/v1/preview/durov%0D%0ASet-Cookie:x=1", 422, "invalid_parameter"),
                get("/v1/post/" + LONG_NAME + "/1", 422, "invalid_parameter"),
                get("/v1/body/%zz", 400, "malformed_request"),
                get("/v1/body/../../etc/passwd", 404, "route_not_found"),
                // Positions and ids: huge, negative, not numbers.
                get("/v1/body/durov?position=99999999999999999999", 422, "invalid_parameter"),
                get("/v1/body/durov?position=-1", 422, "invalid_parameter"),
                get("/v1/body/durov?position=abc", 422, "invalid_parameter"),
                get("/v1/body/durov?position=1e5", 422, "invalid_parameter"),
                get("/v1/more/durov/before/-5", 422, "invalid_parameter"),
                get("/v1/more/durov/sideways/5", 422, "invalid_parameter"),
                get("/v1/post/durov/0", 422, "invalid_parameter"),
                get("/v1/post/durov/NaN", 422, "invalid_parameter"),
                // Bodies: malformed, deeply nested, wrong shapes, too many names, too big, form-encoded.
                post("/v1/previews", "application/json", "{\"channels\":[\"durov\"", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "[".repeat(10_000) + "]".repeat(10_000), 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "{\"channels\":\"durov\"}", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "{\"channels\":[1,2]}", 422, "invalid_parameter"),
                post("/v1/previews", "application/json", names(101), 422, "invalid_parameter"),
                post("/v1/previews", "application/json", "{\"channels\":[\"" + "x".repeat(70_000) + "\"]}", 413,
                        "body_too_large"),
                post("/v1/previews", "application/x-www-form-urlencoded", invalidNames(100), 422, "invalid_parameter"),
                post("/v1/previews", "multipart/form-data; boundary=xyz", invalidNames(100), 422, "invalid_parameter"),
                // Methods.
                request("DELETE", "/v1/body/durov", null, null, 405, "method_not_allowed"),
                request("PUT", "/v1/previews", "application/json", names(1), 405, "method_not_allowed"),
                request("PATCH", "/v1/feed", "application/json", names(1), 405, "method_not_allowed"),
                request("PATCH", "/v1/nothing", "application/json", names(1), 404, "route_not_found"),
                // GraphQL abuse: malformed, too deep, too big, too costly, not JSON.
                post("/graphql", "application/json", "{\"query\":", 400, "malformed_request"),
                post("/graphql", "application/json", graphql("{ " + aliases(101) + " }"), 200, "query_too_costly"),
                post("/graphql", "application/json", graphql("{ a: preview(channel: \"durov\") { " + "x ".repeat(5_000)
                        + "} }"), 200, "query_too_large"),
                post("/graphql", "application/json", graphql("{ body(channel: \"дуров\") { content { posts { id } } } }"), 200,
                        "invalid_parameter"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("corpus")
    void hostileRequest_getsAClearProblem_andNeverReachesTme(String method, String path, String type, String body,
                                                            int status, String code) {
        long tmeBefore = server.tme.totalHits();
        // Over a plain socket: the bytes go as written, where an HTTP client would refuse or normalise some paths.
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        String answer = raw(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + (body == null ? "" : "Content-Length: " + content.length + "\r\n") + "\r\n", content);

        assertEquals(status, statusOf(answer), answer);
        assertEquals(code, codeOf(answer), answer);
        assertEquals(tmeBefore, server.tme.totalHits(), "an invalid request never reaches t.me");
        assertEquals(200, server.get("/healthz").statusCode());
    }

    @Test
    void headerFloods_areRefusedInTheProblemShape() {
        String many = IntStream.range(0, 2_000).mapToObj(i -> "X-Flood-" + i + ": " + i + "\r\n")
                .collect(Collectors.joining());
        String huge = "X-Huge: " + "h".repeat(20_000) + "\r\n";
        long tmeBefore = server.tme.totalHits();

        for (String headers : List.of(many, huge)) {
            String answer = raw("GET /v1/body/durov HTTP/1.1\r\nHost: localhost\r\n" + headers
                    + "Connection: close\r\n\r\n", new byte[0]);
            assertEquals(431, statusOf(answer), answer.lines().findFirst().orElse(""));
            assertTrue(answer.contains("\"code\":\"malformed_request\""), answer);
        }
        assertEquals(tmeBefore, server.tme.totalHits());
        assertEquals(200, server.get("/v1/body/durov").statusCode(), "the server serves on");
    }

    private static int statusOf(String answer) {
        return Integer.parseInt(answer.substring(answer.indexOf(' ') + 1, answer.indexOf(' ') + 4));
    }

    /** The problem's code, or the first GraphQL error's. */
    private static String codeOf(String answer) {
        String head = answer.substring(0, answer.indexOf("\r\n\r\n")).toLowerCase(java.util.Locale.ROOT);
        String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
        assertTrue(head.contains("content-type: application/problem+json") || head.contains("content-type: application/json"),
                head);
        assertTrue(!head.contains("transfer-encoding: chunked"), "answers carry a length: " + head);
        JsonObject json = new JsonObject(body);
        if (json.containsKey("errors")) {
            return json.getJsonArray("errors").getJsonObject(0).getJsonObject("extensions").getString("code");
        }
        return json.getString("code");
    }

    private static String raw(String head, byte[] body) {
        try (Socket socket = new Socket("127.0.0.1", server.server.actualPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().write(body);
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String names(int count) {
        return IntStream.range(0, count).mapToObj(i -> "\"chan" + (1000 + i) + "\"")
                .collect(Collectors.joining(",", "{\"channels\":[", "]}"));
    }

    /** As many names as a valid batch holds, the last one invalid: refused whole, so no name is looked up. */
    private static String invalidNames(int count) {
        return names(count).replace("\"chan" + (1000 + count - 1) + "\"", "\"no such/name\"");
    }

    private static String aliases(int count) {
        return IntStream.range(0, count).mapToObj(i -> "p" + i + ": preview(channel: \"durov\") { channel { title } }")
                .collect(Collectors.joining(" "));
    }

    private static String graphql(String query) {
        return new JsonObject().put("query", query).encode();
    }

    private static Arguments get(String path, int status, String code) {
        return request("GET", path, null, null, status, code);
    }

    private static Arguments post(String path, String type, String body, int status, String code) {
        return request("POST", path, type, body, status, code);
    }

    private static Arguments request(String method, String path, String type, String body, int status, String code) {
        return Arguments.of(method, path, type, body, status, code);
    }
}
