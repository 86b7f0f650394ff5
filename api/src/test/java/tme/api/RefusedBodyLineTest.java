package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * A body the decoder refuses fails the request before the failure handler answers 400: the access log must say 400
 * and the bytes sent, not 499 and none (it logged a client gone while the client read its 400).
 */
class RefusedBodyLineTest {

    final AccessLines lines = new AccessLines();
    final TestServer server = TestServer.logging(Map.of(), new TestClock(), lines);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aFormTheDecoderRefuses_isLoggedAs400WithItsBytes() {
        HttpResponse<String> refused = server.send(server.request("/websub", "X-Request-Id", "refused-form-1",
                        "Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("=x")).build());

        assertEquals(400, refused.statusCode());
        String[] line = lines.ofRequest("refused-form-1").split(" ");
        assertEquals("POST /websub 400 -", String.join(" ", line[2], line[3], line[4], line[5]));
        assertEquals(refused.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length, Long.parseLong(line[7]));
    }
}
