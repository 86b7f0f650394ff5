package tme.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestTest {

    @Test
    void get_writesPathQueryHostAndHeaders() {
        Request request = Request.get(URI.create("http://127.0.0.1:8080/v1/body/durov?position=500"),
                List.of("Accept-Encoding: zstd"));
        assertEquals("GET /v1/body/durov?position=500 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
                + "Accept-Encoding: zstd\r\n\r\n", new String(request.bytes(), StandardCharsets.US_ASCII));
        assertEquals(8080, request.address().getPort());
    }

    @Test
    void get_withoutAPath_asksForTheRoot() {
        Request request = Request.get(URI.create("http://localhost"), List.of());
        assertEquals("GET / HTTP/1.1\r\nHost: localhost:80\r\n\r\n",
                new String(request.bytes(), StandardCharsets.US_ASCII));
    }

    @Test
    void get_rejectsOtherSchemesAndBrokenHeaders() {
        assertThrows(IllegalArgumentException.class, () -> Request.get(URI.create("https://127.0.0.1/"), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> Request.get(URI.create("http://127.0.0.1/"), List.of("no colon")));
        assertThrows(IllegalArgumentException.class,
                () -> Request.get(URI.create("http://127.0.0.1/"), List.of("X: a\r\nY: b")));
    }
}
